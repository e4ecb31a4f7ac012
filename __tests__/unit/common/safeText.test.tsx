// Names and symbols holding a link or bidi controls (PRODUCT, the page: spam labels): badge shown, bidi neutralised.
import { render, screen } from '@testing-library/react';
import { inspectText } from '../../../src/common/safeText';
import { SafeName } from '../../../src/ui/SafeName';

describe('inspectText', () => {
  it('flags links, as the review found them', () => {
    expect(inspectText('Claim 5 SOL: evil.example')).toMatchObject({ hasLink: true, suspicious: true });
    expect(inspectText('Visit https://x.io now')).toMatchObject({ hasLink: true });
    expect(inspectText('www.drop.site')).toMatchObject({ hasLink: true });
    expect(inspectText('Mad Lads #1234')).toMatchObject({
      hasLink: false,
      hasBidiControl: false,
      suspicious: false,
      display: 'Mad Lads #1234',
    });
  });
  it('removes bidi overrides, isolates, marks and invisible characters from what is shown', () => {
    const spoof = 'USDC\u202Egnp.exe';
    expect(inspectText(spoof)).toEqual({
      display: 'USDCgnp.exe',
      hasLink: false,
      hasBidiControl: true,
      suspicious: true,
    });
    expect(inspectText('a\u2067b\u2069\u200Bc\uFEFF').display).toBe('abc');
    expect(inspectText(undefined).display).toBe('');
  });
});

describe('<SafeName>', () => {
  it('shows the neutralised text with a warning badge only when suspicious', () => {
    const { rerender } = render(<SafeName text={'Free\u202E LOS 5'} />);
    expect(screen.getByText('Free LOS 5')).toBeInTheDocument();
    expect(screen.getByTestId('suspicious-badge')).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/direction characters/),
    );
    rerender(<SafeName text="Bonk" />);
    expect(screen.queryByTestId('suspicious-badge')).toBeNull();
    expect(screen.getByText('Bonk').tagName).toBe('BDI');
  });
});
