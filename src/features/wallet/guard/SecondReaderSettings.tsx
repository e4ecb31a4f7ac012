// The settings field for the second chain reader (PRODUCT difference 10): an RPC address the user trusts, kept in this
// browser; the guard then checks every transaction against it too (src/chain/crossCheckedReader.ts). The server's CSP
// allows the address's origin only once it is set (src/common/secondReader.ts), so saving or clearing reloads the page.
// Without one, the reader the server offers (/api/config `publicSecondReader`) is in use unless turned off here.
import { type FormEvent, useState } from 'react';
import { configApi } from '../../../api/configApi';
import { SECOND_READER } from '../../../common/texts';
import { secondReaderOrigin } from '../../../common/secondReader';
import {
  clearSecondReader,
  offeredReaderTurnedOff,
  saveSecondReader,
  secondReaderNeedsReload,
  storedSecondReader,
  turnOffOfferedReader,
} from './secondReaderSetting';

/** The status line and the offered reader's switch when the user has not chosen a reader of their own. */
function OfferedReader({ origin }: { origin: string }) {
  const [off, setOff] = useState(offeredReaderTurnedOff);
  const toggle = () => {
    turnOffOfferedReader(!off);
    setOff(!off);
  };
  return (
    <>
      <p role="status" data-testid="second-reader-status">
        {off ? SECOND_READER.offeredOff(origin) : SECOND_READER.offered(origin)}
      </p>
      <button type="button" onClick={toggle}>
        {off ? SECOND_READER.turnOnOffered(origin) : SECOND_READER.clear}
      </button>
    </>
  );
}

export function SecondReaderSettings({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [current] = useState(() => {
    secondReaderNeedsReload(); // a cleared cookie is written again for the next load
    return storedSecondReader();
  });
  const offered = configApi.useGetConfigQuery().data?.publicSecondReader;
  const offeredOrigin = offered ? secondReaderOrigin(offered) : null;
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
      {!current && offeredOrigin ? (
        <OfferedReader origin={offeredOrigin} />
      ) : (
        <p role="status" data-testid="second-reader-status">
          {current ? SECOND_READER.inUse(secondReaderOrigin(current)!) : SECOND_READER.notInUse}
        </p>
      )}
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
