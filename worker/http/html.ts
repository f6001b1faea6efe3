/** Text put into the HTML pages the Worker writes itself (the credit report, the verify page, the API document). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
