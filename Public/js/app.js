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
  // The sign-up form's time zone sits closed under its summary: the summary says what will be sent.
  var shown = document.querySelector("[data-time-zone-shown]");
  var zoneSelect = document.querySelector("select[data-detect-time-zone]");
  if (shown && zoneSelect) {
    shown.textContent = zoneSelect.value;
    zoneSelect.addEventListener("change", function () { shown.textContent = zoneSelect.value; });
  }
  // Move focus where a screen reader should start: the error summary, else a step's heading.
  var summary = document.querySelector(".error-summary");
  var heading = document.querySelector("[data-focus-on-load]");
  if (summary) summary.focus();
  else if (heading) heading.focus();

  var compose = document.querySelector("form[data-safety-phrases]");
  if (compose) watchForRisk(compose);
  var breath = document.querySelector("[data-breath-in]");
  if (breath) paceBreath(breath);
  var hold = document.querySelector("[data-hold]");
  if (hold) offerHold(hold);
  document.querySelectorAll("button[data-copy]").forEach(offerCopy);
  var timer = document.querySelector("[data-timer-seconds]");
  if (timer) countDown(timer);
  var exit = document.querySelector("[data-exit-page]");
  if (exit) offerQuickExit(exit);
  if (document.querySelector("details.discreet")) keepDiscreet();
  document.querySelectorAll("form[data-passkey]").forEach(offerPasskey);
  var push = document.querySelector("form[data-push-key]");
  if (push) offerPush(push);
  // Installable, and help that works offline: the worker keeps only the help flow and the offline page.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(function () {});
  }
});

// "Exit this page" (GOV.UK's component is the model): the page is hidden at once, then replaced in the history by the
// neutral page, so Back does not return here. Shift pressed three times within five seconds does the same, except
// while typing in a field; screen readers hear how many more presses are needed.
function offerQuickExit(block) {
  var link = block.querySelector("a");
  var status = block.querySelector("[data-exit-status]");
  if (!link) return;
  function leave(event) {
    if (event) event.preventDefault();
    document.documentElement.classList.add("is-exiting");
    document.title = "Loading";
    window.location.replace(link.href);
  }
  link.addEventListener("click", leave);
  var presses = 0, reset = null;
  document.addEventListener("keyup", function (event) {
    if (event.key !== "Shift") return;
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (typing) { presses = 0; return; }
    presses += 1;
    window.clearTimeout(reset);
    reset = window.setTimeout(function () { presses = 0; if (status) status.textContent = ""; }, 5000);
    if (presses >= 3) {
      if (status) status.textContent = "Exiting this page.";
      leave(null);
    } else if (status) {
      status.textContent = "Shift, press " + (3 - presses) + " more " + (3 - presses === 1 ? "time" : "times") + " to exit.";
    }
  });
}

// Discreet mode: each block of the member's own words is a <details> (closed without script too). With script it
// shows as a blurred card that opens on a tap, a click or keyboard focus, closes again when the tab is hidden, and
// Escape pressed twice closes every one on the page. A closed block's words are not in the accessibility tree.
function keepDiscreet() {
  var blocks = Array.prototype.slice.call(document.querySelectorAll("details.discreet"));
  document.documentElement.classList.add("discreet-script");
  function hideAll() { blocks.forEach(function (block) { block.open = false; }); }
  document.addEventListener("visibilitychange", function () { if (document.hidden) hideAll(); });
  var lastEscape = 0;
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var now = Date.now();
    if (now - lastEscape < 1500) { hideAll(); lastEscape = 0; } else { lastEscape = now; }
  });
}

// The practice timer: the time left, quietly, and a soft word at the end (no sound, nothing that moves on). Screen
// readers hear the halfway point and the end, not every second. Done stays the person's to press.
function countDown(block) {
  var total = Math.min(1200, Math.max(60, parseInt(block.getAttribute("data-timer-seconds"), 10) || 300));
  var left = block.querySelector(".practice-timer-left");
  var status = block.querySelector("[data-timer-status]");
  var ends = Date.now() + total * 1000, saidHalf = false;
  block.hidden = false;
  function tick() {
    var remaining = Math.max(0, Math.round((ends - Date.now()) / 1000));
    var minutes = Math.floor(remaining / 60), seconds = remaining % 60;
    if (left) left.textContent = remaining > 0 ? minutes + ":" + (seconds < 10 ? "0" : "") + seconds + " left" : "Time’s up";
    if (!saidHalf && remaining <= total / 2 && remaining > 0) {
      saidHalf = true;
      if (status) status.textContent = "Halfway there.";
    }
    if (remaining > 0) {
      window.setTimeout(tick, 1000);
    } else {
      if (status) status.textContent = "Your time is up. Stay as long as you like, then press Done.";
      block.classList.add("is-finished");
    }
  }
  tick();
}

// A finished response template's Copy button: shown only where the clipboard can be written; without it, the text
// stays selectable in its box.
function offerCopy(button) {
  var box = document.getElementById(button.getAttribute("data-copy"));
  var said = document.querySelector("[data-copied-for=\"" + button.getAttribute("data-copy") + "\"]");
  if (!box || !navigator.clipboard || !navigator.clipboard.writeText) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(box.value).then(function () {
      if (said) said.textContent = "Copied. Paste it wherever you’re replying.";
    }, function () {
      box.select();
      if (said) said.textContent = "Select the text and copy it.";
    });
  });
}

function lessMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// A step that asks for breath: the orb grows for the in-breath and settles for the out-breath at the step's own
// count, and the words "In for 3… out for 5…" mark which half is now. With less motion asked for, only the words
// change. Nothing advances the step: Continue stays the person's.
function paceBreath(block) {
  var inMs = 1000 * Math.min(15, Math.max(1, parseInt(block.getAttribute("data-breath-in"), 10) || 4));
  var outMs = 1000 * Math.min(15, Math.max(1, parseInt(block.getAttribute("data-breath-out"), 10) || 4));
  var orb = block.querySelector(".step-orb");
  var inWords = block.querySelector(".step-cue-in"), outWords = block.querySelector(".step-cue-out");
  if (orb && orb.animate && !lessMotion()) {
    orb.classList.remove("step-orb-breathing");
    orb.animate([
      { transform: "scale(0.8)", easing: "ease-in-out" },
      { transform: "scale(1.08)", offset: inMs / (inMs + outMs), easing: "ease-in-out" },
      { transform: "scale(0.8)" }
    ], { duration: inMs + outMs, iterations: Infinity });
  }
  function phase(breathingIn) {
    if (inWords) inWords.classList.toggle("is-now", breathingIn);
    if (outWords) outWords.classList.toggle("is-now", !breathingIn);
    window.setTimeout(function () { phase(!breathingIn); }, breathingIn ? inMs : outMs);
  }
  phase(true);
}

// A step that says "hold for 5 seconds": a ring the person starts with a tap, which fills over those seconds and
// then says to let go. Screen readers hear the start and the end, not every second.
function offerHold(block) {
  var seconds = Math.min(15, Math.max(1, parseInt(block.getAttribute("data-hold"), 10) || 5));
  var button = block.querySelector(".hold-start");
  var fill = block.querySelector(".hold-ring-fill");
  var count = block.querySelector(".hold-ring-count");
  var status = block.querySelector("[data-hold-status]");
  if (!button) return;
  button.hidden = false;
  var timer = null;
  button.addEventListener("click", function () {
    if (timer) return;
    var left = seconds;
    if (count) count.textContent = String(seconds);
    button.textContent = "Holding…";
    if (status) status.textContent = "Hold for " + seconds + " seconds.";
    if (fill && fill.animate && !lessMotion()) {
      fill.animate([{ strokeDashoffset: 264 }, { strokeDashoffset: 0 }], { duration: seconds * 1000, fill: "forwards" });
    }
    timer = window.setInterval(function () {
      left -= 1;
      if (count) count.textContent = left > 0 ? String(left) : "✓";
      if (left <= 0) {
        window.clearInterval(timer);
        timer = null;
        button.textContent = "Hold again";
        if (status) status.textContent = "And release.";
        if (fill && fill.getAnimations) fill.getAnimations().forEach(function (a) { a.cancel(); });
      }
    }, 1000);
  });
}

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

// Passkeys (WebAuthn). The form posts as any other; this fills its "credential" field first. Options come from the
// form's data-options URL (a POST with the form's CSRF token); byte fields travel as base64url both ways. On the log-in
// page the browser may also offer passkeys in the email field's autofill (conditional mediation).
function offerPasskey(form) {
  var field = form.querySelector("input[name=credential]");
  var status = form.querySelector(".passkey-status");
  if (!field || !window.PublicKeyCredential || !navigator.credentials) return;
  var kind = form.getAttribute("data-passkey");
  var waiting = null;

  function bytes(text) {
    var binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    var out = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out.buffer;
  }
  function text(buffer) {
    var view = new Uint8Array(buffer), binary = "";
    for (var i = 0; i < view.length; i++) binary += String.fromCharCode(view[i]);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function credentials(list) {
    return (list || []).map(function (c) { return { type: "public-key", id: bytes(c.id) }; });
  }
  function options() {
    var body = new URLSearchParams();
    body.set("_csrf", form.querySelector("input[name=_csrf]").value);
    return fetch(form.getAttribute("data-options"), { method: "POST", body: body, credentials: "same-origin",
                                                      headers: { "Accept": "application/json" } })
      .then(function (answer) {
        // Adding a passkey needs a recent proof of who the person is: the answer says where to give it.
        if (answer.status === 403 && kind === "register") {
          return answer.json().then(function (json) {
            if (json.confirm && json.confirm.charAt(0) === "/") window.location.assign(json.confirm);
            throw new Error("confirm");
          });
        }
        if (!answer.ok) throw new Error("options");
        return answer.json();
      })
      .then(function (json) {
        var p = json.publicKey;
        p.challenge = bytes(p.challenge);
        if (p.user) p.user.id = bytes(p.user.id);
        if (p.excludeCredentials) p.excludeCredentials = credentials(p.excludeCredentials);
        if (p.allowCredentials) p.allowCredentials = credentials(p.allowCredentials);
        return p;
      });
  }
  function send(credential) {
    var r = credential.response;
    var json = { id: credential.id, rawId: text(credential.rawId), type: credential.type,
                 response: { clientDataJSON: text(r.clientDataJSON) } };
    if (r.attestationObject) json.response.attestationObject = text(r.attestationObject);
    if (r.authenticatorData) json.response.authenticatorData = text(r.authenticatorData);
    if (r.signature) json.response.signature = text(r.signature);
    if (r.userHandle) json.response.userHandle = text(r.userHandle);
    field.value = JSON.stringify(json);
    form.submit();
  }
  function say(words) { if (status) status.textContent = words; }
  function ask(mediation) {
    if (waiting) waiting.abort();
    var controller = window.AbortController ? new AbortController() : null;
    waiting = mediation ? controller : null;
    return options().then(function (publicKey) {
      var request = { publicKey: publicKey };
      if (controller) request.signal = controller.signal;
      if (mediation) request.mediation = mediation;
      return kind === "register" ? navigator.credentials.create(request) : navigator.credentials.get(request);
    });
  }

  form.addEventListener("submit", function (event) {
    if (field.value) return;
    event.preventDefault();
    say("Waiting for your device…");
    ask(null).then(send).catch(function (error) {
      if (error && error.name === "AbortError") return;
      say(error && error.name === "InvalidStateError" ? "That passkey is already on your account."
        : "Nothing was changed. You can try again, or use your password.");
    });
  });

  if (kind === "sign-in" && PublicKeyCredential.isConditionalMediationAvailable) {
    PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (available) ask("conditional").then(send).catch(function () {});
    });
  }
}

// "Allow notifications on this device": only when the member presses it does the browser ask its permission and
// subscribe (with our VAPID public key); the subscription then goes to the server in the form, as a normal POST.
function offerPush(form) {
  var unsupported = document.querySelector("[data-push-unsupported]");
  var status = form.querySelector("[data-push-status]");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) return;
  form.hidden = false;
  if (unsupported) unsupported.hidden = true;
  function say(words) { if (status) status.textContent = words; }
  function bytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) base64 += "=";
    var raw = atob(base64), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function subscribe(registration) {
    var options = { userVisibleOnly: true, applicationServerKey: bytes(form.getAttribute("data-push-key")) };
    return registration.pushManager.subscribe(options).catch(function (error) {
      // A subscription made with an older key: drop it and subscribe again with ours.
      if (!error || error.name !== "InvalidStateError") throw error;
      return registration.pushManager.getSubscription().then(function (old) {
        return (old ? old.unsubscribe() : Promise.resolve()).then(function () { return registration.pushManager.subscribe(options); });
      });
    });
  }
  form.addEventListener("submit", function (event) {
    if (form.elements.endpoint.value) return;
    event.preventDefault();
    say("Waiting for your browser…");
    navigator.serviceWorker.register("/sw.js").then(function () { return navigator.serviceWorker.ready; })
      .then(subscribe)
      .then(function (subscription) {
        var json = subscription.toJSON();
        form.elements.endpoint.value = json.endpoint;
        form.elements.p256dh.value = json.keys.p256dh;
        form.elements.auth.value = json.keys.auth;
        form.submit();
      })
      .catch(function () {
        say(window.Notification && Notification.permission === "denied"
          ? "Notifications are turned off for this site. You can allow them in your browser’s site settings."
          : "This browser could not turn on notifications. Your email reminders still work.");
      });
  });
}
