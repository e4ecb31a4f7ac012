import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { ACTIVITY_PANEL_MAX_HEIGHT_PX, ACTIVITY_RECOVERY_DECIMALS } from '../../../common/constants';
import { ACTIVITY, SUCCESS, relativeTime } from '../../../common/texts';
import { configApi } from '../../../api/configApi';
import { type ExplorerCluster, explorerTxUrl, formatSol } from '../../../chain/format';
import { ActivityIcon } from './ActivityIcon';
import { selectRecentActivity } from './activitySlice';
import './activity.css';

/** Re-render every 30 s so relative times and the 24 h window stay current. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function ActivityPanel() {
  const [open, setOpen] = useState(true);
  const now = useNow();
  const { entries, totalLamports, count } = useAppSelector((s) => selectRecentActivity(s, now));
  const sol = (lamports: number) => formatSol(lamports, ACTIVITY_RECOVERY_DECIMALS);
  // Each entry keeps its explorer link, also after the success line that showed it was dismissed. The cluster
  // comes from the cached /api/config answer (read, not subscribed: the page has asked for it long before).
  const config = useAppSelector((s) => ('api' in s ? configApi.endpoints.getConfig.select()(s).data : undefined));
  const cluster: ExplorerCluster = config?.localnet ? { customUrl: config.quicknodeRpcUrl } : 'mainnet-beta';
  const explorerUrl = (sig: string) => explorerTxUrl(sig, cluster);

  return (
    <section className="activity-panel" aria-label={ACTIVITY.heading} data-testid="activity-panel">
      <button type="button" className="activity-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span>{ACTIVITY.heading}</span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <div className="activity-body">
          <div className="activity-summary">
            <div>
              <span className="activity-label">{ACTIVITY.totalRecoveredToday}</span>
              <strong data-testid="activity-total">{sol(totalLamports)} SOL</strong>
            </div>
            <div>
              <span className="activity-label">{ACTIVITY.transactions}</span>
              <strong data-testid="activity-count">{count}</strong>
            </div>
          </div>
          {entries.length === 0 ? (
            <div className="activity-empty">
              <p>{ACTIVITY.empty}</p>
              <p className="activity-hint">{ACTIVITY.emptyHint}</p>
            </div>
          ) : (
            <ul className="activity-list" style={{ maxHeight: ACTIVITY_PANEL_MAX_HEIGHT_PX }}>
              {entries.map((e) => (
                <li key={e.id} className="activity-entry" data-testid="activity-entry" data-type={e.type}>
                  <ActivityIcon type={e.type} />
                  <div className="activity-text">
                    <span className="activity-title">{e.title}</span>
                    <span className="activity-description">{e.description}</span>
                  </div>
                  <div className="activity-meta">
                    <span className="activity-sol" data-lamports={e.lamports}>
                      +{sol(e.lamports)} SOL
                    </span>
                    <span className="activity-time">{relativeTime(e.timestamp, now)}</span>
                    {e.signature && (
                      <a
                        className="activity-link"
                        href={explorerUrl(e.signature)}
                        target="_blank"
                        rel="noreferrer"
                        data-testid="activity-link"
                      >
                        {SUCCESS.viewOnExplorer}
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
