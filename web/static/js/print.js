// Printable pages (join card, dispute card): a button that opens the browser's print dialog.
"use strict";
document.querySelectorAll("[data-print]").forEach((b) => b.addEventListener("click", () => window.print()));
