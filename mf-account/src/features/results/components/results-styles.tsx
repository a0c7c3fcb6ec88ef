// The results page's styles, hoisted into <head> once. Flag colours always come with words and an
// icon; each pair of text and background keeps WCAG AA contrast (the red is the shared theme's error).
const css = `
.res-nav { margin: 0 0 12px; }
.res-summary { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 0 0 20px; }
.res-top { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); margin: 0 0 28px; }
@media (min-width: 767px) { .res-top { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.res-units { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin: 0 0 24px; padding: 0; border: 0; min-width: 0; }
.res-units legend { float: left; margin: 0; padding: 0; font-weight: 600; }
.res-units-options { display: inline-flex; padding: 3px; border-radius: 999px; background: #eef2f2; border: 1px solid var(--acc-line); }
.res-units label { position: relative; display: inline-flex; align-items: center; min-height: 36px; padding: 0 16px; border-radius: 999px; font-weight: 600; color: var(--acc-muted); cursor: pointer; }
.res-units input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
.res-units label[data-checked="true"] { background: #fff; color: var(--acc-ink); box-shadow: 0 1px 3px rgba(18, 52, 59, .18); }
.res-units label:has(input:focus-visible) { outline: 2px solid var(--acc-link); outline-offset: 2px; }
.res-system { margin: 0 0 28px; }
.res-system > h2 { margin: 0 0 12px; font-size: 1.35rem; }
.res-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 16px; }
.res-card { background: #fff; border: 1px solid var(--acc-line); border-radius: 16px; padding: 18px 16px; min-width: 0; }
@media (min-width: 576px) { .res-card { padding: 22px 24px; } }
.res-card-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; margin: 0 0 10px; }
.res-card-head h3 { margin: 0; font-size: 1.15rem; line-height: 1.3; }
.res-card-body { display: grid; gap: 16px 28px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 992px) { .res-card-body { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); } }
.res-value { margin: 0 0 10px; display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
.res-value-number { font-size: 1.6rem; font-weight: 700; line-height: 1.2; }
.res-flag { display: inline-flex; align-items: center; gap: 5px; padding: 2px 10px 2px 8px; border-radius: 999px; border: 1px solid; font-size: .875rem; font-weight: 700; white-space: nowrap; }
.res-flag svg { width: 14px; height: 14px; flex: none; }
.res-flag[data-tone="ok"] { color: #067647; background: #ecfdf3; border-color: #abefc6; }
.res-flag[data-tone="warn"] { color: #93370d; background: #fffaeb; border-color: #fedf89; }
.res-flag[data-tone="critical"] { color: #b42318; background: #fef3f2; border-color: #fecdca; }
.res-flag[data-tone="plain"] { color: var(--acc-muted); background: var(--acc-soft); border-color: var(--acc-line); }
.res-bar { position: relative; height: 12px; margin: 18px 0 6px; border-radius: 999px; background: #eef2f2; }
.res-bar-band { position: absolute; top: 0; bottom: 0; background: #c6ece0; border-left: 2px solid #5fb79c; border-right: 2px solid #5fb79c; }
.res-bar-marker { position: absolute; top: -6px; width: 4px; height: 24px; margin-left: -2px; border-radius: 2px; background: var(--acc-ink); }
.res-bar-marker[data-tone="warn"] { background: #b54708; }
.res-bar-marker[data-tone="critical"] { background: #b42318; }
.res-bar-scale { position: relative; height: 18px; margin: 0 0 4px; font-size: .8125rem; color: var(--acc-muted); font-variant-numeric: tabular-nums; }
.res-bar-scale span { position: absolute; top: 0; transform: translateX(-50%); white-space: nowrap; }
.res-range { margin: 0 0 10px; font-size: .875rem; }
.res-lab { color: var(--acc-muted); font-size: .875rem; }
.res-lab-cell { display: block; color: var(--acc-muted); font-size: .8125rem; }
.res-change { display: flex; align-items: center; gap: 6px; margin: 0 0 10px; font-weight: 600; }
.res-critical { margin: 0 0 12px; padding: 10px 14px; border: 1px solid #fecdca; border-left: 4px solid #b42318; border-radius: 10px; background: #fef3f2; color: #7a271a; }
.res-critical strong { color: #b42318; }
.res-explain { margin: 4px 0 0; border-top: 1px solid var(--acc-line); padding-top: 8px; }
.res-explain summary { cursor: pointer; font-weight: 600; color: var(--acc-link); padding: 4px 0; }
.res-explain summary:focus-visible { outline: 2px solid var(--acc-link); outline-offset: 2px; border-radius: 2px; }
.res-explain dl { margin: 6px 0 0; display: grid; gap: 8px; }
.res-explain dt { font-weight: 600; }
.res-explain dd { margin: 0; }
.res-explain .res-disclaimer { margin: 10px 0 0; font-size: .875rem; }
.res-trend { min-width: 0; }
.res-chart { display: block; width: 100%; min-height: 180px; margin: 0 0 8px; }
.res-chart svg { display: block; overflow: visible; }
.res-table { width: 100%; border-collapse: collapse; font-size: .875rem; }
.res-table caption { caption-side: top; text-align: left; font-weight: 600; padding: 0 0 6px; }
.res-table th, .res-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--acc-line); }
.res-table thead th { color: var(--acc-muted); font-weight: 600; }
.res-table td.res-num { font-variant-numeric: tabular-nums; }
.res-note { margin: 6px 0 0; font-size: .8125rem; }
.res-box { background: #fff; border: 1px solid var(--acc-line); border-radius: 16px; padding: 18px 16px; min-width: 0; }
@media (min-width: 576px) { .res-box { padding: 22px 24px; } }
.res-box h2 { margin: 0 0 8px; font-size: 1.15rem; }
.res-box p { margin: 0 0 8px; }
.res-sources li, .res-pending li { display: grid; gap: 2px; padding: 10px 0; border-bottom: 1px solid var(--acc-line); overflow-wrap: anywhere; }
.res-sources li:last-child, .res-pending li:last-child { border-bottom: 0; }
.res-links { display: flex; flex-wrap: wrap; gap: 4px 14px; }
.res-empty { text-align: left; }
.res-empty ul { margin: 8px 0 12px; padding-left: 1.2em; }
`;

export function ResultsStyles() {
  return (
    <style href="mf-account-results-styles" precedence="default">
      {css}
    </style>
  );
}
