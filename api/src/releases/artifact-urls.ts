// URL layout of stored artifacts, shared by the deploy side (which writes manifest URLs into the
// registry) and the site plugin (which serves them).
export const REMOTES_URL_PREFIX = '/remotes';
export const REGISTRY_URL = '/remotes.json';

/** `+` in a version is encoded: object stores and CDNs may read a raw `+` in a path as a space. */
export function artifactUrl(
  publicBaseUrl: string,
  remote: string,
  version: string,
  file: string,
): string {
  return `${publicBaseUrl}${REMOTES_URL_PREFIX}/${remote}/${encodeURIComponent(version)}/${file}`;
}

export function manifestUrl(publicBaseUrl: string, remote: string, version: string): string {
  return artifactUrl(publicBaseUrl, remote, version, 'mf-manifest.json');
}
