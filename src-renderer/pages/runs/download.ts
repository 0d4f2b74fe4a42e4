/** Saves text as a file through the browser's download (a Blob and a temporary <a download>). */
export function downloadText(filename: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
