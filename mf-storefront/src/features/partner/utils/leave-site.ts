/** Sends the browser to another site (a partner's redirectLink or after-purchase page); already checked to be http(s). */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
