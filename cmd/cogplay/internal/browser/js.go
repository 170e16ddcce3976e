//go:build js

package browser

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"syscall/js"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/gfx"
	"github.com/cogsim/cogsim/render/view"
)

// Main runs cogplay in the page until it fails, and returns the exit
// status. The page's loader (internal/site) sets globalThis.cogplayBoot
// before it starts the program:
//
//	{replay: Uint8Array|null, replayName: string, error: string, bar: CSS pixels}
//
// where error is what went wrong fetching ?replay=URL, for the bar; and
// Main gives the page globalThis.cogplay:
//
//	state()          the shell's State as JSON
//	open(bytes, name) open a replay; "" or what is wrong with it
//	variants()       the rules variants, for the page's form
//
// and calls globalThis.cogplayMessage(text), when the page defines it,
// with each new message ("" clears it).
func Main() int {
	g := js.Global()
	boot := g.Get("cogplayBoot")
	var (
		data       []byte
		name, fail string
		bar        int
	)
	if boot.Type() == js.TypeObject {
		if r := boot.Get("replay"); r.Type() == js.TypeObject {
			data = make([]byte, r.Get("length").Int())
			js.CopyBytesToGo(data, r)
		}
		if n := boot.Get("replayName"); n.Type() == js.TypeString {
			name = n.String()
		}
		if e := boot.Get("error"); e.Type() == js.TypeString {
			fail = e.String()
		}
		if b := boot.Get("bar"); b.Type() == js.TypeNumber {
			bar = b.Int()
		}
	}
	program := &Program{Download: func(name string, data []byte) error {
		f := g.Get("cogplayDownload")
		if f.Type() != js.TypeFunction {
			return errors.New("the page cannot offer downloads")
		}
		b := g.Get("Uint8Array").New(len(data))
		js.CopyBytesToJS(b, data)
		f.Invoke(name, b)
		return nil
	}}
	if boot.Type() == js.TypeObject {
		if w := boot.Get("wasm"); w.Type() == js.TypeObject {
			program.Wasm = make([]byte, w.Get("length").Int())
			js.CopyBytesToGo(program.Wasm, w)
		}
		if w := boot.Get("wasmExec"); w.Type() == js.TypeString {
			program.WasmExec = []byte(w.String())
		}
	}
	sh := NewIn(g.Get("location").Get("search").String(), data, name, func() uint64 { return rand.Uint64N(1_000_000_000) },
		localStore{g}, program)
	if fail != "" {
		sh.Say(fail)
	}
	message := func(text string) {
		if f := g.Get("cogplayMessage"); f.Type() == js.TypeFunction {
			f.Invoke(text)
		}
	}
	sh.Changed = func(title, msg string) {
		g.Get("document").Set("title", title)
		message(msg)
	}
	keys := &Keys{}
	touchKeys := keys
	g.Set("cogplay", js.ValueOf(map[string]any{
		"state": js.FuncOf(func(js.Value, []js.Value) any {
			b, err := json.Marshal(sh.State())
			if err != nil {
				b, _ = json.Marshal(State{Message: err.Error()})
			}
			return string(b)
		}),
		"open": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) < 1 || args[0].Type() != js.TypeObject {
				return "open(bytes, name): bytes must be a Uint8Array"
			}
			b := make([]byte, args[0].Get("length").Int())
			js.CopyBytesToGo(b, args[0])
			n := ""
			if len(args) > 1 && args[1].Type() == js.TypeString {
				n = args[1].String()
			}
			if err := sh.Open(b, n); err != nil {
				return err.Error()
			}
			return ""
		}),
		"inGame": js.FuncOf(func(js.Value, []js.Value) any { return sh.InGame() }),
		"autosave": js.FuncOf(func(js.Value, []js.Value) any {
			if err := sh.AutoSave(); err != nil {
				return err.Error()
			}
			return ""
		}),
		"key": js.FuncOf(func(_ js.Value, args []js.Value) any {
			return len(args) == 1 && args[0].Type() == js.TypeString && touchKeys.PushName(args[0].String())
		}),
		"variants": js.FuncOf(func(js.Value, []js.Value) any {
			var out []any
			for _, v := range ecs.VariantNames() {
				out = append(out, v)
			}
			return js.ValueOf(out)
		}),
	}))
	document := g.Get("document")
	document.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		// The canvas's keys, not those typed into the page's form.
		if t := e.Get("target"); !t.Equal(document.Get("body")) && t.Get("tagName").String() != "CANVAS" {
			return nil
		}
		ev := KeyEvent{Key: e.Get("key").String(), Code: e.Get("code").String(),
			Ctrl: e.Get("ctrlKey").Bool(), Shift: e.Get("shiftKey").Bool(), Alt: e.Get("altKey").Bool(), Meta: e.Get("metaKey").Bool()}
		if keys.Push(ev) {
			e.Call("preventDefault")
		}
		return nil
	}))
	clicks := &Clicks{}
	document.Call("addEventListener", "mousedown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("button").Int() == 0 && e.Get("target").Get("tagName").String() == "CANVAS" {
			clicks.Push(e.Get("clientX").Float(), e.Get("clientY").Float(), g.Get("devicePixelRatio").Float())
		}
		return nil
	}))
	if err := gfx.Run(sh, view.WindowOptions{Title: sh.Title(), Top: bar, KeySource: keys.Take, ClickSource: clicks.Take}); err != nil {
		message("cogplay stopped: " + err.Error())
		return 1
	}
	return 0
}

// saveKey is the local-storage item the page's save is kept in,
// recordKey the one of its record (JSON lines).
const (
	saveKey   = "cogplay-save"
	recordKey = "cogplay-record"
)

// localStore is the page's local storage (Store); a page without one
// (storage disabled) keeps no save.
type localStore struct{ g js.Value }

func (s localStore) storage() (ls js.Value, ok bool) {
	// Reading localStorage throws where storage is disabled.
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	ls = s.g.Get("localStorage")
	return ls, ls.Type() == js.TypeObject
}

func (s localStore) Load() ([]byte, bool) { return s.get(saveKey) }

func (s localStore) get(key string) ([]byte, bool) {
	ls, ok := s.storage()
	if !ok {
		return nil, false
	}
	v := ls.Call("getItem", key)
	if v.Type() != js.TypeString {
		return nil, false
	}
	return []byte(v.String()), true
}

func (s localStore) Save(data []byte) error { return s.set(saveKey, data, "the save") }

func (s localStore) set(key string, data []byte, what string) (err error) {
	ls, ok := s.storage()
	if !ok {
		return errors.New("this page has no local storage")
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the browser refused %s: %v", what, v)
		}
	}()
	ls.Call("setItem", key, string(data))
	return nil
}

func (s localStore) Record() []byte {
	data, _ := s.get(recordKey)
	return data
}

func (s localStore) AddRecord(line []byte) error {
	data, _ := s.get(recordKey)
	return s.set(recordKey, append(append(data, line...), '\n'), "the record")
}

func (s localStore) Remove() {
	if ls, ok := s.storage(); ok {
		ls.Call("removeItem", saveKey)
	}
}
