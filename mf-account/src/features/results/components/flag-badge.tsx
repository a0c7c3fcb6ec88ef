import type { ResultFlag } from '@shop/shared/contract/results';
import { FLAG_WORDS, flagTone } from '../model/result-text';

/** Icons only repeat the words beside them, so they are hidden from screen readers. */
const ICON_PATHS: Record<ResultFlag | 'none', string> = {
  normal: 'M3 8.5l3 3 7-7',
  low: 'M8 3v10M4 9l4 4 4-4',
  high: 'M8 13V3M4 7l4-4 4 4',
  'critically-low': 'M8 2v8M8 13v1',
  'critically-high': 'M8 2v8M8 13v1',
  abnormal: 'M3 8h10',
  none: 'M4 8h8',
};

export function FlagBadge({ flag }: { flag: ResultFlag | null }) {
  const key = flag ?? 'none';
  return (
    <span className="res-flag" data-tone={flagTone(flag)}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d={ICON_PATHS[key]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {FLAG_WORDS[key]}
    </span>
  );
}
