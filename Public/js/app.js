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

  var field = document.querySelector("[data-bubbles]");
  if (field) startBubbles(field);

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

// Bubble Pop Calm: bubbles rise and drift; tap, click, Enter or Space pops one with a gentle fade.
// No score and no timer. Bubbles are buttons so a keyboard can reach them.
function startBubbles(field) {
  field.hidden = false;
  var colours = ["bubble-pink", "bubble-purple", "bubble-blue"];
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var count = 0;
  function addBubble() {
    if (field.querySelectorAll(".bubble:not(.popped)").length >= 8) return;
    var bubble = document.createElement("button");
    bubble.type = "button";
    bubble.className = "bubble " + colours[count % colours.length];
    count += 1;
    bubble.setAttribute("aria-label", "Bubble " + count + ": pop it");
    bubble.style.left = Math.round(Math.random() * 80 + 5) + "%";
    if (reduced) {
      bubble.style.top = Math.round(Math.random() * 70 + 5) + "%";
    } else {
      bubble.style.animationDuration = (9 + Math.random() * 6).toFixed(1) + "s";
      bubble.style.setProperty("--drift", Math.round(Math.random() * 80 - 40) + "px");
      bubble.addEventListener("animationend", function (event) {
        if (event.animationName === "rise") bubble.remove();
      });
    }
    bubble.addEventListener("click", function () {
      bubble.classList.add("popped");
      setTimeout(function () { bubble.remove(); }, 650);
    });
    field.appendChild(bubble);
  }
  for (var i = 0; i < 4; i++) addBubble();
  setInterval(addBubble, reduced ? 3000 : 1400);
}
