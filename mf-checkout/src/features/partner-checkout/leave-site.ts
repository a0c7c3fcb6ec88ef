/** Sends the browser to the partner's after-purchase page; the target was checked to be http(s). */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
