import { render } from 'preact';
import { PopupPage } from './PopupPage';

render(<PopupPage />, document.getElementById('app')!);
