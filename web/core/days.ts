/** Days as the platform counts them: China's calendar day (UTC+8, no daylight saving), YYYY-MM-DD. */
export const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** The day `days` after `day` (before, when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
