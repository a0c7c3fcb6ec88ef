// Browser builds only: in place of axios's fetch adapter (lib/adapters/fetch.js, ~2.5 KB gz on every
// page's first load). axios tries its adapters in order (xhr, http, fetch) and every browser has
// XMLHttpRequest, so the fetch adapter is never picked, and no client of the shop asks for it by
// name. Reporting it unsupported keeps axios's own error if that ever changes.
export const getFetch = () => false;
