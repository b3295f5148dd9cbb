const pad = (value: number) => String(value).padStart(2, '0');

/** `2025/03/14 09:05`, in the browser's time zone. */
export function formatUploadedOn(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
