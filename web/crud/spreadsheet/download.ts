/**
 * Saving a file the browser holds (an export, a template, the refused rows of an import) under its name.
 *
 * @example
 * saveBlob(answer.data, nameOf(answer.data, "字典-20240105.xlsx"));
 */

/** Starts the download of a blob as `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The name the server gave a file (the HTTP layer answers a `File` when content-disposition names it), else the fallback. */
export const nameOf = (blob: Blob, fallback: string) => (blob instanceof File && blob.name ? blob.name : fallback);

/** A size as people read it: "812 B", "3.4 KB", "12.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
