// Progressive enhancement only: every page works without this file.
document.addEventListener("DOMContentLoaded", function () {
  // Fill time-zone selects from the browser, so most people never need to touch them.
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { zone = null; }
  if (!zone) return;
  document.querySelectorAll("select[data-detect-time-zone]").forEach(function (select) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === zone) { select.value = zone; break; }
    }
  });
  // Move focus to the error summary so screen readers announce what went wrong.
  var summary = document.querySelector(".error-summary");
  if (summary) summary.focus();
});
