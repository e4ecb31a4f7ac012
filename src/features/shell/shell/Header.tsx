import { BRAND } from '../../../common/texts/brandTexts';

export function Header() {
  return (
    <header className="brand-header" data-testid="brand-header">
      <img className="brand-logo" src="/static/logo.svg" alt="" width={36} height={36} />
      <div>
        <h1 className="brand-name">{BRAND.name}</h1>
        <p className="brand-slogan">{BRAND.slogan}</p>
      </div>
    </header>
  );
}
