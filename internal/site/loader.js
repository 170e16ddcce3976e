// cogplay's page loader (§31): it finds the replay to open (the page's
// own, or ?replay=URL), loads cogplay.wasm (the page's own, gzipped, or
// from beside the page), starts it with globalThis.cogplayBoot, and wires
// the bar: the form plays a seed, the file picker and drag and drop open
// a replay through globalThis.cogplay.open.
(() => {
	"use strict";
	const bar = document.getElementById("cogplay-bar");
	const status = document.getElementById("cogplay-status");
	const messageLine = document.getElementById("cogplay-message");
	const query = new URLSearchParams(location.search);

	const say = (text, kind) => {
		messageLine.textContent = text;
		messageLine.title = text;
		messageLine.className = kind || (text.startsWith("warning:") ? "warning" : "");
	};
	globalThis.cogplayMessage = (text) => say(text);
	const failed = (text) => {
		say(text);
		status.textContent = text;
		status.style.color = "#f99";
	};

	// The form starts where the page is: its seed and rules.
	const form = document.getElementById("cogplay-form");
	if (query.get("seed")) form.seed.value = query.get("seed");
	if (query.get("rules")) form.rules.value = query.get("rules");
	form.addEventListener("submit", (e) => {
		e.preventDefault();
		const q = new URLSearchParams();
		const seed = form.seed.value.trim();
		if (seed !== "") q.set("seed", seed);
		q.set("rules", form.rules.value);
		location.search = q.toString();
	});

	const base64Bytes = async (text) => {
		const r = await fetch("data:application/octet-stream;base64," + text.replace(/\s+/g, ""));
		return new Uint8Array(await r.arrayBuffer());
	};
	const gunzip = async (bytes) => {
		const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
		return new Uint8Array(await new Response(stream).arrayBuffer());
	};

	// get fetches url (what names it in errors) and checks the answer.
	const get = async (url, what) => {
		let r;
		try {
			r = await fetch(url);
		} catch (e) {
			throw new Error(`${what} ${url}: ${e.message}` + (location.protocol === "file:" ? " (pages opened from a file cannot fetch: serve the folder, e.g. cogsim site DIR --serve 127.0.0.1:8080)" : ""));
		}
		if (!r.ok) throw new Error(`${what} ${url}: ${r.status} ${r.statusText}`);
		return r;
	};
	const fetchBytes = async (url, what) => new Uint8Array(await (await get(url, what)).arrayBuffer());

	// fetchProgram fetches cogplay.wasm, saying how much has come.
	const fetchProgram = async () => {
		const r = await get("cogplay.wasm", "the program");
		const total = Number(r.headers.get("Content-Length")) || 0;
		const reader = r.body.getReader();
		const parts = [];
		let got = 0;
		for (;;) {
			const {done, value} = await reader.read();
			if (done) break;
			parts.push(value);
			got += value.length;
			const mb = (n) => (n / 1e6).toFixed(1);
			// A server that compresses gives the compressed length.
			status.textContent = `Loading cogplay… ${mb(got)}` + (total >= got ? ` of ${mb(total)} MB` : " MB");
		}
		const bytes = new Uint8Array(got);
		let at = 0;
		for (const p of parts) {
			bytes.set(p, at);
			at += p.length;
		}
		return bytes;
	};

	const focusCanvas = () => {
		const canvas = document.querySelector("canvas");
		if (canvas) canvas.focus();
	};
	const openFile = async (file) => {
		if (!globalThis.cogplay) {
			say("cogplay is still loading: try again in a moment");
			return;
		}
		const err = globalThis.cogplay.open(new Uint8Array(await file.arrayBuffer()), file.name);
		if (err) say(err);
		focusCanvas();
	};
	const picker = document.getElementById("cogplay-file");
	picker.addEventListener("change", () => {
		if (picker.files.length > 0) openFile(picker.files[0]);
		picker.value = "";
	});
	let depth = 0;
	const dragging = (on) => document.body.classList.toggle("dragging", on);
	document.addEventListener("dragenter", (e) => { e.preventDefault(); depth++; dragging(true); });
	document.addEventListener("dragleave", () => { if (--depth <= 0) { depth = 0; dragging(false); } });
	document.addEventListener("dragover", (e) => e.preventDefault());
	document.addEventListener("drop", (e) => {
		e.preventDefault();
		depth = 0;
		dragging(false);
		const files = e.dataTransfer ? e.dataTransfer.files : [];
		if (files.length > 0) openFile(files[0]);
	});

	// cogplayDownload offers the page's visitor a file (the run as a
	// one-file page, from the tombstone's w).
	globalThis.cogplayDownload = (name, bytes) => {
		const url = URL.createObjectURL(new Blob([bytes], {type: name.endsWith(".html") ? "text/html" : "application/octet-stream"}));
		const a = document.createElement("a");
		a.href = url;
		a.download = name;
		document.body.appendChild(a);
		a.click();
		a.remove();
		setTimeout(() => URL.revokeObjectURL(url), 60000);
	};

	// Touch controls: on a touch screen (or ?touch=1) the eight
	// directions and the common verbs, pressed as keys.
	if (matchMedia("(pointer: coarse)").matches || query.get("touch") === "1") document.body.classList.add("touch");
	for (const b of document.querySelectorAll("#cogplay-touch button")) {
		b.addEventListener("click", (e) => {
			e.preventDefault();
			if (globalThis.cogplay) globalThis.cogplay.key(b.dataset.key);
		});
	}

	// A game under way is saved in the page's local storage when the
	// page is closed or reloaded, and the browser asks first.
	addEventListener("beforeunload", (e) => {
		if (!globalThis.cogplay || !globalThis.cogplay.inGame()) return;
		globalThis.cogplay.autosave();
		e.preventDefault();
		e.returnValue = "";
	});

	const start = async () => {
		const boot = {replay: null, replayName: "", error: "", bar: bar.offsetHeight, wasm: null, wasmExec: ""};
		const own = document.getElementById("cogplay-replay");
		if (query.has("replay")) {
			// A replay that cannot be fetched is said on the bar; cogplay
			// starts without it.
			const url = query.get("replay");
			try {
				boot.replay = await fetchBytes(url, "replay");
				boot.replayName = url.split(/[?#]/)[0].split("/").pop() || url;
			} catch (e) {
				boot.error = e.message;
			}
		} else if (own) {
			boot.replay = await base64Bytes(own.textContent);
			boot.replayName = own.dataset.name;
		}
		globalThis.cogplayBoot = boot;
		const go = new Go();
		let instance;
		const packed = document.getElementById("cogplay-wasm");
		// The program keeps its own bytes, to make a one-file page of a
		// run (the tombstone's w).
		if (packed) {
			boot.wasm = await gunzip(await base64Bytes(packed.textContent));
			const exec = document.getElementById("cogplay-wasm-exec");
			boot.wasmExec = exec ? exec.textContent : "";
		} else {
			boot.wasm = await fetchProgram();
			try {
				boot.wasmExec = await (await get("wasm_exec.js", "the loader")).text();
			} catch (e) {
				boot.wasmExec = "";
			}
		}
		({instance} = await WebAssembly.instantiate(boot.wasm, go.importObject));
		const ended = go.run(instance);
		// The first frame hides the loading note.
		const firstFrame = () => {
			const state = globalThis.cogplay && JSON.parse(globalThis.cogplay.state());
			if (state && state.frames > 0) {
				status.style.display = "none";
				return;
			}
			requestAnimationFrame(firstFrame);
		};
		requestAnimationFrame(firstFrame);
		await ended;
		failed("cogplay has stopped (the browser's console says why): reload the page");
	};
	start().catch((e) => failed("cogplay could not start: " + e.message));
})();
