// PRODUCT difference 16: the page never loads a picture from its own host; remote ones go through /api/image.
import { imageSrc } from '../../../src/common/imageSrc';

const PAGE = 'http://localhost:3000';

describe('imageSrc', () => {
  it.each([
    ['https://arweave.net/abc?ext=png', '/api/image?url=https%3A%2F%2Farweave.net%2Fabc%3Fext%3Dpng'],
    ['http://cdn.example/a b.png', '/api/image?url=http%3A%2F%2Fcdn.example%2Fa%2520b.png'],
    ['//cdn.example/x.gif', '/api/image?url=https%3A%2F%2Fcdn.example%2Fx.gif'],
    ['HTTPS://CDN.EXAMPLE/X.PNG', '/api/image?url=https%3A%2F%2Fcdn.example%2FX.PNG'],
    // Another port of this host is another origin: proxied (and refused there as loopback in production).
    ['http://localhost:8080/x.png', '/api/image?url=http%3A%2F%2Flocalhost%3A8080%2Fx.png'],
  ])('proxies the remote picture %s', (url, src) => expect(imageSrc(url, PAGE)).toBe(src));

  it.each([
    ['/static/demo/nft-1.svg', '/static/demo/nft-1.svg'],
    ['http://localhost:3000/static/demo/cnft-2.svg?v=1', '/static/demo/cnft-2.svg?v=1'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['  /static/logo.svg ', '/static/logo.svg'],
  ])('keeps our own and data: pictures as they are: %s', (url, src) => expect(imageSrc(url, PAGE)).toBe(src));

  it.each([
    '',
    null,
    undefined,
    'ipfs://bafybeigdyrzt/1.png',
    'ar://abc',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'relative/picture.png',
    'http://',
  ])('answers "" (the default picture) for %s', (url) => expect(imageSrc(url, PAGE)).toBe(''));
});
