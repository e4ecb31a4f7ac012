// The settings field for the second chain reader (PRODUCT difference 10): an RPC address the user trusts, kept in this
// browser; the guard then checks every transaction against it too (src/chain/crossCheckedReader.ts). The server's CSP
// allows the address's origin only once it is set (src/common/secondReader.ts), so saving or clearing reloads the page.
import { type FormEvent, useState } from 'react';
import { SECOND_READER } from '../../common/texts';
import { secondReaderOrigin } from '../../common/secondReader';
import {
  clearSecondReader,
  saveSecondReader,
  secondReaderNeedsReload,
  storedSecondReader,
} from './secondReaderSetting';

export function SecondReaderSettings({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [current] = useState(() => {
    secondReaderNeedsReload(); // a cleared cookie is written again for the next load
    return storedSecondReader();
  });
  const [address, setAddress] = useState(current ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!saveSecondReader(address)) return setInvalid(true);
    reload();
  };
  return (
    <details className="second-reader" data-testid="second-reader" open={!!current || undefined}>
      <summary>{SECOND_READER.summary}</summary>
      <p>{SECOND_READER.explain}</p>
      <p role="status" data-testid="second-reader-status">
        {current ? SECOND_READER.inUse(secondReaderOrigin(current)!) : SECOND_READER.notInUse}
      </p>
      <form onSubmit={submit}>
        <label htmlFor="second-reader-address">{SECOND_READER.label}</label>{' '}
        <input
          id="second-reader-address"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={SECOND_READER.placeholder}
          value={address}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'second-reader-invalid' : undefined}
          onChange={(e) => {
            setAddress(e.target.value);
            setInvalid(false);
          }}
        />{' '}
        <button type="submit">{SECOND_READER.save}</button>{' '}
        {current && (
          <button
            type="button"
            onClick={() => {
              clearSecondReader();
              reload();
            }}
          >
            {SECOND_READER.clear}
          </button>
        )}
        {invalid && (
          <p id="second-reader-invalid" role="alert">
            {SECOND_READER.invalid}
          </p>
        )}
      </form>
    </details>
  );
}
