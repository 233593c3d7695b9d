// Localized texts the double answers with. The forges translate their refusal messages into the
// user's language, so a client must never recognise a conflict by its wording; three languages
// with deliberately different sentences keep the extension honest about that.

export type Language = 'en-US' | 'de-DE' | 'fr-FR';

export const LANGUAGES: readonly Language[] = ['en-US', 'de-DE', 'fr-FR'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

type ConflictSubject = 'issue' | 'pull' | 'comment';

const CONFLICT: Record<Language, Record<ConflictSubject, string>> = {
  'en-US': {
    issue: 'Your change to this issue was not saved: someone else edited it after you loaded the page. Reload, then make your change again so that theirs is kept.',
    pull: 'Your change to this pull request was not saved: someone else edited it after you loaded the page. Reload, then make your change again so that theirs is kept.',
    comment: 'Your change to this comment was not saved: someone else edited it after you loaded the page. Reload, then make your change again so that theirs is kept.',
  },
  'de-DE': {
    issue: 'Deine Änderung an diesem Issue wurde nicht gespeichert, weil es inzwischen jemand anderes bearbeitet hat. Lade die Seite neu und wiederhole deine Änderung, damit die andere erhalten bleibt.',
    pull: 'Deine Änderung an diesem Pull-Request wurde nicht gespeichert, weil ihn inzwischen jemand anderes bearbeitet hat. Lade die Seite neu und wiederhole deine Änderung, damit die andere erhalten bleibt.',
    comment: 'Deine Änderung an diesem Kommentar wurde nicht gespeichert, weil ihn inzwischen jemand anderes bearbeitet hat. Lade die Seite neu und wiederhole deine Änderung, damit die andere erhalten bleibt.',
  },
  'fr-FR': {
    issue: 'Votre modification de ce ticket n’a pas été enregistrée : quelqu’un d’autre l’a modifié depuis le chargement de la page. Rechargez-la puis refaites votre modification pour conserver la sienne.',
    pull: 'Votre modification de cette demande d’ajout n’a pas été enregistrée : quelqu’un d’autre l’a modifiée depuis le chargement de la page. Rechargez-la puis refaites votre modification pour conserver la sienne.',
    comment: 'Votre modification de ce commentaire n’a pas été enregistrée : quelqu’un d’autre l’a modifié depuis le chargement de la page. Rechargez-la puis refaites votre modification pour conserver la sienne.',
  },
};

const NO_CONTENT: Record<Language, string> = {
  'en-US': 'No description provided.',
  'de-DE': 'Keine Beschreibung angegeben.',
  'fr-FR': 'Aucune description fournie.',
};

export function conflictMessage(language: Language, subject: ConflictSubject): string {
  return CONFLICT[language][subject];
}

export function noContentText(language: Language): string {
  return NO_CONTENT[language];
}

export function noContentHtml(language: Language): string {
  return `<span class="no-content">${NO_CONTENT[language]}</span>`;
}
