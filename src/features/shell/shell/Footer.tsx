// Every page's footer: the way to "How SolBack keeps you safe", a plain link to the server's page (it costs the
// bundle nothing and is reached with Tab like any link).
import { SAFETY_PAGE } from '../../../common/texts/brandTexts';

export function Footer() {
  return (
    <footer className="brand-footer" data-testid="brand-footer">
      <a href={SAFETY_PAGE.path}>{SAFETY_PAGE.title}</a>
    </footer>
  );
}
