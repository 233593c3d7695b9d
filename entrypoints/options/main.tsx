import { render } from 'preact';
import { OptionsPage } from './OptionsPage';

render(<OptionsPage />, document.getElementById('app')!);
