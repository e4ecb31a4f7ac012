import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ASSETS_SCREEN } from '../../../common/texts';
import { VALUE_TEXTS } from '../../../common/texts';
import { type AssetKind, assetsDeselected, assetsSelected, selectBulkMode } from '../selection/selectionSlice';
import {
  type AssetFilter,
  type AssetSort,
  selectSectionTools,
  toolsFilterSet,
  toolsQuerySet,
  toolsSortSet,
} from './assetToolsSlice';
import '../../../ui/controls.css';
import './assetTools.css';

// Search, filter, sort and select-all for one section. "Select all" takes what the filter shows (so "select all
// tokens with a filter" is one click), minus what must never be bulk-selected (`selectable`).

interface Props {
  kind: AssetKind;
  shown: number;
  total: number;
  selectable: string[];
  /** What "Clear selection" clears (default: `selectable`); includes what may only be ticked by hand. */
  clearable?: string[];
  filters: AssetFilter[];
  sorts: AssetSort[];
  /** What Select all leaves out and why (said beside it, so it never silently does less than it says). */
  leftOutNote?: string;
}

const FILTER_TEXT: Record<AssetFilter, string> = {
  all: ASSETS_SCREEN.filterAll,
  burnable: ASSETS_SCREEN.filterBurnable,
  spam: ASSETS_SCREEN.filterSpam,
  unwrap: ASSETS_SCREEN.filterUnwrap,
  valuable: VALUE_TEXTS.filterValuable,
  worthless: VALUE_TEXTS.filterWorthless,
  unknown: VALUE_TEXTS.filterUnknown,
};
const SORT_TEXT: Record<AssetSort, string> = {
  default: ASSETS_SCREEN.sortDefault,
  name: ASSETS_SCREEN.sortName,
  solBack: ASSETS_SCREEN.sortSolBack,
  value: ASSETS_SCREEN.sortValue,
};

export function SectionToolbar({ kind, shown, total, selectable, clearable, filters, sorts, leftOutNote }: Props) {
  const dispatch = useAppDispatch();
  const tools = useAppSelector((s) => selectSectionTools(s, kind));
  const bulkMode = useAppSelector(selectBulkMode);
  if (total === 0) return null;
  return (
    <div className="section-tools" data-testid={`${kind}-tools`}>
      <input
        type="search"
        className="tools-search"
        aria-label={ASSETS_SCREEN.search}
        placeholder={ASSETS_SCREEN.search}
        value={tools.query}
        onChange={(e) => dispatch(toolsQuerySet({ kind, query: e.target.value }))}
      />
      <label className="tools-choice">
        <span>{ASSETS_SCREEN.filterKind}</span>
        <select
          data-testid={`${kind}-filter`}
          value={tools.filter}
          onChange={(e) => dispatch(toolsFilterSet({ kind, filter: e.target.value as AssetFilter }))}
        >
          {filters.map((f) => (
            <option key={f} value={f}>
              {FILTER_TEXT[f]}
            </option>
          ))}
        </select>
      </label>
      <label className="tools-choice">
        <span>{ASSETS_SCREEN.sortBy}</span>
        <select
          data-testid={`${kind}-sort`}
          value={tools.sort}
          onChange={(e) => dispatch(toolsSortSet({ kind, sort: e.target.value as AssetSort }))}
        >
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_TEXT[s]}
            </option>
          ))}
        </select>
      </label>
      {bulkMode && (
        <span className="tools-select">
          <button
            type="button"
            className="tools-button"
            disabled={selectable.length === 0}
            onClick={() => dispatch(assetsSelected({ kind, mints: selectable }))}
          >
            {ASSETS_SCREEN.selectAll(selectable.length)}
          </button>
          <button
            type="button"
            className="tools-button"
            onClick={() => dispatch(assetsDeselected({ kind, mints: clearable ?? selectable }))}
          >
            {ASSETS_SCREEN.clearSelection}
          </button>
        </span>
      )}
      {bulkMode && leftOutNote && (
        <span className="tools-left-out" data-testid={`${kind}-left-out`}>
          {leftOutNote}
        </span>
      )}
      <span className="tools-shown" data-testid={`${kind}-shown`}>
        {ASSETS_SCREEN.shownOf(shown, total)}
      </span>
    </div>
  );
}
