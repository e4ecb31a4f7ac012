import fs from 'fs';
import os from 'os';
import path from 'path';
import { resolveImage } from '../../backend/services/image/offchain';

describe('resolveImage (off-chain metadata → image)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-offchain-'));
  fs.mkdirSync(path.join(dir, 'demo'));
  fs.writeFileSync(path.join(dir, 'demo', 'a.json'), JSON.stringify({ image: '/static/demo/a.svg' }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers image URIs as they are and reads this server’s own /static JSON', async () => {
    expect(await resolveImage('https://cdn.example/x.png', dir)).toBe('https://cdn.example/x.png');
    expect(await resolveImage('/static/demo/a.json', dir)).toBe('/static/demo/a.svg');
    expect(await resolveImage(undefined, dir)).toBeNull();
  });

  it('never reads outside the static folder or from private and non-https addresses', async () => {
    for (const uri of [
      '/static/../secret.json',
      'https://127.0.0.1/x.json',
      'https://localhost/x.json',
      'https://[::1]/x.json',
      'https://10.1.2.3/x',
      'https://192.168.1.1/x',
      'http://example.com/x.json',
      'file:///etc/passwd',
    ]) {
      expect(await resolveImage(uri, dir)).toBeNull();
    }
  });
});
