// The forge's own page scripts, as far as body edits go: the task-list checkbox widget and the
// whole-body "Edit" flow, with the same requests, the same state kept in the DOM and the same
// bugs as Gitea's and Forgejo's. The extension has to take these over, so they must behave like
// the real ones, including where the real ones go wrong:
//
// * A refused checkbox write (400) shows a toast and returns without reverting the box and
//   without removing the click blockers: every box of that post stays stuck until reload.
// * The editor is seeded from the raw text only while it is empty (before Gitea 1.26 and on
//   Forgejo), so after a cancelled edit and a tick it shows stale text and saving reverts the tick.
// * Gitea 1.24 does not re-initialize the checkboxes of a freshly saved body.
//
// The server serves this file with a call to startNativeScripts(behaviour) appended, where
// behaviour holds the profile's switches (see assets.ts).

/* eslint-disable no-var */
function startNativeScripts(behaviour) {
  'use strict';

  var csrfToken = (window.config && window.config.csrfToken) || '';

  function postForm(url, body) {
    var headers = {};
    if (csrfToken) headers['X-Csrf-Token'] = csrfToken;
    return fetch(url, { method: 'POST', headers: headers, body: body, credentials: 'same-origin' });
  }

  // ---- toasts -------------------------------------------------------------------------------

  function showErrorToast(message) {
    var container = document.querySelector('.toast-container');
    if (!container) {
      container = document.createElement('div');
      container.className = 'toast-container';
      document.body.appendChild(container);
    }
    var toast = document.createElement('div');
    toast.className = 'toastify on toast-error';
    toast.setAttribute('role', 'alert');
    var text = document.createElement('div');
    text.className = 'toast-body';
    text.textContent = String(message);
    var close = document.createElement('button');
    close.className = 'toast-close';
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '\u00d7';
    close.addEventListener('click', function () {
      toast.remove();
    });
    toast.appendChild(text);
    toast.appendChild(close);
    container.appendChild(toast);
    return toast;
  }

  // ---- the checkbox widget ----------------------------------------------------------------

  var OPEN_BRACKET = 0x5b;
  var CLOSE_BRACKET = 0x5d;
  var SPACE = 0x20;
  var LOWER_X = 0x78;
  var UPPER_X = 0x58;

  function blockClick(event) {
    event.preventDefault();
  }

  function initTasklist(markup) {
    if (!markup.matches('[data-can-edit=true]')) return;
    var segment = markup.parentElement;
    var boxes = markup.querySelectorAll('.task-list-item input[type=checkbox]');
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      // The forges stop at the first box they have seen before (a return, not a continue).
      if (box.hasAttribute('data-editable')) return;
      box.setAttribute('data-editable', 'true');
      box.addEventListener('input', onToggle.bind(null, box, boxes, segment));
    }
    // The renderer emits disabled boxes; only an editable post gets them enabled.
    for (var j = 0; j < boxes.length; j++) boxes[j].disabled = false;
  }

  async function onToggle(box, boxes, segment) {
    var mark = box.checked ? LOWER_X : SPACE;
    var position = parseInt(box.getAttribute('data-source-position'), 10) + 1;
    var raw = segment.querySelector('.raw-content');
    var oldText = raw.textContent;
    var bytes = new TextEncoder().encode(oldText);
    var markerOk =
      bytes[position] === SPACE || bytes[position] === LOWER_X || (behaviour.acceptUpperX && bytes[position] === UPPER_X);
    if (bytes[position - 1] !== OPEN_BRACKET || !markerOk || bytes[position + 1] !== CLOSE_BRACKET) {
      box.checked = !box.checked;
      throw new Error('task list: position ' + position + ' does not hold a task marker');
    }
    bytes[position] = mark;
    var newText = new TextDecoder().decode(bytes);
    if (newText === oldText) return;

    for (var i = 0; i < boxes.length; i++) boxes[i].addEventListener('click', blockClick);
    try {
      var zone = segment.querySelector('.edit-content-zone');
      var form = new FormData();
      form.append('ignore_attachments', 'true');
      form.append('content', newText);
      form.append('context', zone.getAttribute('data-context'));
      if (zone.hasAttribute('data-content-version')) form.append('content_version', zone.getAttribute('data-content-version'));
      var response = await postForm(zone.getAttribute('data-update-url'), form);
      var data = await response.json();
      if (response.status === 400) {
        showErrorToast(data.errorMessage);
        return; // the box keeps its new state and the blockers stay
      }
      if (zone.hasAttribute('data-content-version') && data.contentVersion !== undefined) {
        zone.setAttribute('data-content-version', String(data.contentVersion));
      }
      raw.textContent = newText;
    } catch (error) {
      box.checked = !box.checked;
      console.error(error);
    }
    for (var j = 0; j < boxes.length; j++) boxes[j].removeEventListener('click', blockClick);
  }

  function initAllMarkup() {
    var all = document.querySelectorAll('.markup');
    for (var i = 0; i < all.length; i++) initTasklist(all[i]);
  }

  // ---- the whole-body editor --------------------------------------------------------------

  function show(el) {
    el.classList.remove('tw-hidden');
  }
  function hide(el) {
    el.classList.add('tw-hidden');
  }

  async function reloadAttachmentList(zone) {
    var files = zone.querySelector('.files');
    if (!files) return;
    files.textContent = '';
    var url = zone.getAttribute('data-attachment-url');
    if (!url) return;
    try {
      var response = await fetch(url, { credentials: 'same-origin' });
      var list = await response.json();
      for (var i = 0; i < list.length; i++) {
        var input = document.createElement('input');
        input.type = 'hidden';
        input.name = 'files';
        input.value = list[i].uuid;
        files.appendChild(input);
        var chip = document.createElement('span');
        chip.className = 'dropzone-file';
        chip.textContent = list[i].name;
        files.appendChild(chip);
      }
    } catch (error) {
      console.error(error);
    }
  }

  async function saveEditor(segment, zone) {
    var textarea = zone.querySelector('textarea');
    var text = textarea.value;
    var render = segment.querySelector('.render-content');
    show(render);
    hide(zone);
    try {
      var params = new URLSearchParams();
      if (behaviour.editSendsCsrfField && csrfToken) params.append('_csrf', csrfToken);
      params.append('content', text);
      params.append('context', zone.getAttribute('data-context'));
      if (zone.hasAttribute('data-content-version')) params.append('content_version', zone.getAttribute('data-content-version'));
      var kept = zone.querySelectorAll('.files [name=files]');
      for (var i = 0; i < kept.length; i++) params.append('files[]', kept[i].value);
      var response = await postForm(zone.getAttribute('data-update-url'), params);
      var data = await response.json();
      if (response.status === 400) {
        showErrorToast(data.errorMessage);
        return;
      }
      if (zone.hasAttribute('data-content-version') && data.contentVersion !== undefined) {
        zone.setAttribute('data-content-version', String(data.contentVersion));
      }
      var html = data.content ? data.content : document.querySelector('#no-content').innerHTML;
      if (behaviour.saveReplacesRenderNode) {
        var fresh = render.cloneNode(false);
        fresh.innerHTML = html;
        render.replaceWith(fresh);
        render = fresh;
      } else {
        render.innerHTML = html;
      }
      segment.querySelector('.raw-content').textContent = data.content ? text : '';
      var current = segment.querySelector('.dropzone-attachments');
      if (!current) {
        if (data.attachments) segment.insertAdjacentHTML('beforeend', data.attachments);
      } else if (!data.attachments) {
        current.remove();
      } else {
        current.outerHTML = data.attachments;
      }
      if (behaviour.reinitAfterSave) initTasklist(render);
    } catch (error) {
      showErrorToast('Failed to save the content: ' + error);
      console.error(error);
    }
  }

  function openEditor(item) {
    var segment = item.closest('.comment-header').nextElementSibling;
    var zone = segment.querySelector('.edit-content-zone');
    var raw = segment.querySelector('.raw-content');
    var editor = zone.querySelector('.combo-markdown-editor');
    if (!editor) {
      zone.innerHTML = document.querySelector('#issue-comment-editor-template').innerHTML;
      editor = zone.querySelector('.combo-markdown-editor');
      zone.querySelector('.ui.cancel.button').addEventListener('click', function (event) {
        event.preventDefault();
        show(segment.querySelector('.render-content'));
        hide(zone);
      });
      zone.querySelector('.ui.primary.button').addEventListener('click', function (event) {
        event.preventDefault();
        saveEditor(segment, zone);
      });
    }
    reloadAttachmentList(zone);
    show(zone);
    hide(segment.querySelector('.render-content'));
    var textarea = editor.querySelector('textarea');
    if (behaviour.editorReseedsEveryOpen || !textarea.value) textarea.value = raw.textContent;
    textarea.focus();
  }

  // ---- menus --------------------------------------------------------------------------------

  function closeMenus(except) {
    var open = document.querySelectorAll('.context-dropdown.active');
    for (var i = 0; i < open.length; i++) if (open[i] !== except) open[i].classList.remove('active');
  }

  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var toggle = target.closest('.context-menu');
    if (toggle) {
      var dropdown = toggle.closest('.context-dropdown');
      closeMenus(dropdown);
      dropdown.classList.toggle('active');
      return;
    }
    var edit = target.closest('.edit-content');
    if (edit) {
      event.preventDefault();
      closeMenus(null);
      openEditor(edit);
      return;
    }
    if (!target.closest('.context-dropdown')) closeMenus(null);
  });

  document.addEventListener('keydown', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target || (event.key !== 'Enter' && event.key !== ' ')) return;
    if (target.matches('.js-aria-clickable, .context-menu')) {
      event.preventDefault();
      target.click();
    }
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', initAllMarkup);
  else initAllMarkup();
}
