import type { ActivityType } from './activitySlice';

// Inline SVG icons (emoji depend on the system's fonts and show as boxes where none is installed).
const PATHS: Record<ActivityType, { color: string; d: string }> = {
  'nft-burn': { color: '#9945ff', d: 'M4 5h16v14H4z M4 15l4-4 3 3 4-5 5 6' },
  'token-burn': { color: '#f5a623', d: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16 M9 12h6 M12 9v6' },
  'vacant-burn': { color: '#14f195', d: 'M5 8h14l-1.5 11h-11z M9 8V5h6v3 M10 12v4 M14 12v4' },
  resize: { color: '#4aa3ff', d: 'M5 5h6 M5 5v6 M5 5l6 6 M19 19h-6 M19 19v-6 M19 19l-6-6' },
  'cnft-trash': { color: '#b48cff', d: 'M5 7h14 M9 7V4h6v3 M7 7l1 13h8l1-13' },
  'cnft-burn': { color: '#ff7ab8', d: 'M12 3c3 4 6 6 6 10a6 6 0 0 1-12 0c0-3 2-4 3-7 1 2 2 3 3 3 0-2 0-4 0-6z' },
  recovery: { color: '#14f195', d: 'M12 4v12 M7 11l5 5 5-5 M5 20h14' },
  'table-deactivated': { color: '#4aa3ff', d: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16 M12 8v4l3 2' },
  'batch-burn': { color: '#ff5a36', d: 'M12 3c3 4 6 6 6 10a6 6 0 0 1-12 0c0-3 2-4 3-7 1 2 2 3 3 3 0-2 0-4 0-6z' },
};

export function ActivityIcon({ type }: { type: ActivityType }) {
  const { color, d } = PATHS[type] ?? PATHS['token-burn'];
  return (
    <svg
      className="activity-icon"
      data-icon={type}
      width="28"
      height="28"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke={color}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
