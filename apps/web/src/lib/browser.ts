/** Full page reload; a seam so tests can observe it (jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}
