import { ACTIVITY, daysAgo, hoursAgo, minutesAgo } from '../../common/texts';

/** Spec §9: 'just now', 'Nm ago', 'Nh ago', 'Nd ago'. */
export function relativeTime(timestamp: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - timestamp) / 60_000);
  if (minutes < 1) return ACTIVITY.justNow;
  if (minutes < 60) return minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hoursAgo(hours);
  return daysAgo(Math.floor(hours / 24));
}
