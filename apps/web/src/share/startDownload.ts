/** Starts the browser's download of a URL (a signed download URL) without leaving the page. */
export function startDownload(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
