// The host enters the PIN once; the session cookie then carries the host's right to act.
"use strict";
document.getElementById("login").addEventListener("submit", async (event) => {
  event.preventDefault();
  const reply = await Q.post("/api/host/login", { pin: document.getElementById("pin").value });
  if (reply) location.reload();
});
