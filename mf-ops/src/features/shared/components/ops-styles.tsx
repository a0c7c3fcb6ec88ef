// The console's few layout rules; antd draws everything else. Narrow first: one column at 375 px.
const CSS = `
.ops-console { max-width: 1280px; margin: 0 auto; padding: 16px 12px 48px; }
.ops-console__header { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: baseline; justify-content: space-between; }
.ops-console__nav ul { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; margin: 16px 0 20px; border-bottom: 1px solid #d9e2e3; }
.ops-console__nav a { display: inline-block; padding: 10px 14px; color: #1f3b3d; text-decoration: none; border-bottom: 3px solid transparent; font-weight: 500; }
.ops-console__nav a:hover { color: #0f6e69; }
.ops-console__nav a:focus-visible { outline: 2px solid #0f6e69; outline-offset: 2px; }
.ops-console__nav a.active { color: #0f6e69; border-bottom-color: #0f6e69; }
.ops-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
.ops-split { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
.ops-preview { border: 1px solid #d9e2e3; border-radius: 8px; overflow: hidden; max-height: 80vh; overflow-y: auto; }
.ops-preview__frame { pointer-events: none; }
.ops-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.ops-muted { color: #4a5f63; }
.ops-error { color: #b42318; }
.ops-fieldset { border: 1px solid #d9e2e3; border-radius: 8px; padding: 8px 16px 4px; margin: 0 0 16px; min-width: 0; }
.ops-fieldset legend { font-weight: 600; padding: 0 6px; font-size: 16px; width: auto; border: 0; margin: 0; }
.ops-row--open > td { background: #e8f5f4 !important; }
.ops-row--link { cursor: pointer; }
.ops-row--link:focus-visible { outline: 2px solid #0f6e69; outline-offset: -2px; }
.ops-row--link:focus-visible > td, .ops-row--link:hover > td { background: #e8f5f4 !important; }
.ops-ellipsis { display: inline-block; max-width: min(260px, 46vw); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
.ops-stack { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; min-width: 0; }
.ops-stack .ant-tag { margin-inline-end: 0; }
@media (max-width: 991px) { .ops-col--lg { display: none; } }
@media (max-width: 767px) { .ops-col--md { display: none; } }
@media (max-width: 575px) { .ops-col--sm { display: none; } }
.ops-jobs { list-style: none; padding: 0; margin: 0; display: grid; gap: 12px; }
.ops-job { border: 1px solid #d9e2e3; border-radius: 8px; padding: 12px 16px; display: grid; gap: 8px; justify-items: start; }
.ops-job__head { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.ops-job__error { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; background: #f6f8f8; padding: 6px 8px; border-radius: 4px; }
.ops-subheading { font-size: 15px; margin: 12px 0 4px; }
.ops-versions { list-style: none; padding: 0; margin: 0; }
.ops-versions li { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; padding: 8px 0; border-top: 1px solid #eef2f2; }
.ops-versions code { overflow-wrap: anywhere; }
.ops-table-scroll { overflow-x: auto; max-width: 100%; }
.ops-filters { display: grid; gap: 12px 16px; grid-template-columns: minmax(0, 1fr); margin: 0 0 16px; }
.ops-filters__field { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.ops-filters__field label { font-weight: 500; }
.ops-filters__actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.ops-dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0; }
.ops-dl dt { color: #4a5f63; }
.ops-dl dd { margin: 0; overflow-wrap: anywhere; }
@media (min-width: 900px) {
  .ops-console { padding: 24px 24px 64px; }
  .ops-grid--two { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .ops-split { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
  .ops-preview { position: sticky; top: 16px; }
}
@media (min-width: 600px) {
  .ops-filters { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .ops-filters__field--wide, .ops-filters__actions { grid-column: 1 / -1; }
}
@media (min-width: 1100px) {
  .ops-filters { grid-template-columns: repeat(5, minmax(0, 1fr)); }
  .ops-filters__field--wide { grid-column: 1 / 3; }
  .ops-filters__actions { grid-column: auto; }
}
`;

export function OpsStyles() {
  return <style>{CSS}</style>;
}
