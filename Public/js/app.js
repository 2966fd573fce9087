// Progressive enhancement only: every page works without this file.
document.addEventListener("DOMContentLoaded", function () {
  // Fill time-zone selects from the browser, so most people never need to touch them.
  var zone = null;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { zone = null; }
  if (zone) {
    document.querySelectorAll("select[data-detect-time-zone]").forEach(function (select) {
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === zone) { select.value = zone; break; }
      }
    });
  }
  // Move focus where a screen reader should start: the error summary, else a step's heading.
  var summary = document.querySelector(".error-summary");
  var heading = document.querySelector("[data-focus-on-load]");
  if (summary) summary.focus();
  else if (heading) heading.focus();

  var compose = document.querySelector("form[data-safety-phrases]");
  if (compose) watchForRisk(compose);
});

// While someone writes a post: if their words suggest they may be at risk, show the crisis contacts before they
// send it. Nothing is blocked; the same words are checked again on the server, which holds the post.
function watchForRisk(form) {
  var phrases = (form.getAttribute("data-safety-phrases") || "").split("|").filter(function (p) { return p.length > 0; });
  var body = form.querySelector("textarea[name=body]");
  var help = form.querySelector("[data-compose-help]");
  if (!body || !help || phrases.length === 0) return;
  function normalise(text) {
    return text.toLowerCase().replace(/\u2019/g, "'").replace(/[^\p{L}\p{N}']+/gu, " ").trim().replace(/ +/g, " ");
  }
  function check() {
    var padded = " " + normalise(body.value) + " ";
    var risky = phrases.some(function (phrase) { return padded.indexOf(" " + phrase + " ") !== -1; });
    if (risky && help.hidden) help.hidden = false;
  }
  body.addEventListener("input", check);
  check();
}
