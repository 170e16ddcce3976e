package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/maphash"
	"reflect"
	"slices"
	"sync"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// A snapshot's packed form (§37.7) is its values as the memory of this
// build lays them out — plain data copied as it is, slices and strings
// by length — where MarshalBinary writes JSON: an episode packs and
// restores in tens of microseconds ([Sim.Pack], [Sim.RestorePacked]),
// for search and planning through a session. It names the layout it
// was made with (a hash over every registered type's fields and the
// tables' names), so another build refuses it by name, and it ends with
// a tag keyed by the process that made it: a snapshot that process
// packed restores trusted, without the checks of a snapshot from
// elsewhere; any other is checked as a JSON one is
// ([UnpackSnapshot]). The JSON form stays the portable one.
//
// The tag is a keyed 64-bit hash (hash/maphash, a seed drawn per
// process), not a cryptographic MAC: it tells this process's snapshots,
// unchanged, from damaged ones and from other processes'.
const packedMagic = "COGSNAPB"

// packedTag is the length of a packed snapshot's tag.
const packedTag = 8

// packing is the process's layout hash and tag seed, made on first use.
var packing struct {
	once   sync.Once
	layout [32]byte
	seed   maphash.Seed
}

func packingInit() {
	packing.once.Do(func() {
		packing.layout = layoutHash()
		packing.seed = maphash.MakeSeed()
	})
}

// tag is the tag of a packed snapshot's bytes before it.
func tag(b []byte) uint64 { return maphash.Bytes(packing.seed, b) }

// layoutHash names how this build lays out a snapshot's values: every
// registered type's name and fields (names, offsets, kinds, sizes) and
// the names of the tables their numbers index.
func layoutHash() [32]byte {
	h := sha256.New()
	for _, st := range ecs.States() {
		fmt.Fprintf(h, "%s %v %v\n", st.Name, st.Resource, st.Transient)
		describeType(h, st.Type, 0)
	}
	for _, k := range c.ItemKinds {
		fmt.Fprintf(h, "item %s\n", k.Name)
	}
	for _, s := range c.Species {
		fmt.Fprintf(h, "species %s\n", s.Name)
	}
	for _, t := range c.TrapKinds {
		fmt.Fprintf(h, "trap %s\n", t.Name)
	}
	for _, cl := range c.Classes {
		fmt.Fprintf(h, "class %s\n", cl.Name)
	}
	fmt.Fprintf(h, "%d %d\n", unsafe.Sizeof(uintptr(0)), unsafe.Sizeof(arche.Entity{}))
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// describeType writes t's layout into h.
func describeType(h hash.Hash, t reflect.Type, depth int) {
	fmt.Fprintf(h, "%*s%v %v %d\n", depth, "", t, t.Kind(), t.Size())
	if depth > 20 {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(h, "%*s.%s@%d\n", depth, "", f.Name, f.Offset)
			describeType(h, f.Type, depth+1)
		}
	case reflect.Array, reflect.Slice, reflect.Pointer:
		describeType(h, t.Elem(), depth+1)
	}
}

// codec packs and unpacks the values of one type.
type codec struct {
	// raw: the value is its size bytes of plain data, copied as they
	// are; bools are the offsets of its bools within them (each checked
	// to be 0 or 1 when the bytes are not trusted).
	raw   bool
	size  uintptr
	bools []uintptr
	// assigns: *T has Assign (ecs.StateType): a value is put in place
	// through it.
	assigns bool
	enc     func(b []byte, p unsafe.Pointer) []byte
	dec     func(b []byte, p unsafe.Pointer, trusted bool) ([]byte, error)
}

var codecs sync.Map // reflect.Type → *codec (nil: JSON)

// codecOf is the codec of t, or nil when t holds a pointer, map,
// interface, function or channel (its values are then packed as JSON).
func codecOf(t reflect.Type) *codec {
	if v, ok := codecs.Load(t); ok {
		return v.(*codec)
	}
	cd := makeCodec(t)
	if cd != nil {
		_, cd.assigns = reflect.PointerTo(t).MethodByName("Assign")
	}
	codecs.Store(t, cd)
	return cd
}

var errShort = errors.New("cut short")

var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// binaryForm reports whether a type the codec cannot pack has a binary
// form of its own (packAt).
func binaryForm(t reflect.Type) bool {
	if v, ok := binaryForms.Load(t); ok {
		return v.(bool)
	}
	p := reflect.PointerTo(t)
	is := p.Implements(reflect.TypeFor[encoding.BinaryMarshaler]()) && p.Implements(reflect.TypeFor[encoding.BinaryUnmarshaler]())
	binaryForms.Store(t, is)
	return is
}

// binaryForms caches binaryForm.
var binaryForms sync.Map

func makeCodec(t reflect.Type) *codec {
	size := t.Size()
	rawCodec := func(bools []uintptr) *codec {
		return &codec{raw: true, size: size, bools: bools,
			enc: func(b []byte, p unsafe.Pointer) []byte {
				return append(b, unsafe.Slice((*byte)(p), size)...)
			},
			dec: func(b []byte, p unsafe.Pointer, trusted bool) ([]byte, error) {
				if uintptr(len(b)) < size {
					return nil, errShort
				}
				if !trusted {
					for _, at := range bools {
						if b[at] > 1 {
							return nil, fmt.Errorf("a %v holds a bool of %d", t, b[at])
						}
					}
				}
				copy(unsafe.Slice((*byte)(p), size), b[:size])
				return b[size:], nil
			}}
	}
	switch t.Kind() {
	case reflect.Bool:
		return rawCodec([]uintptr{0})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return rawCodec(nil)
	case reflect.String:
		return &codec{size: size,
			enc: func(b []byte, p unsafe.Pointer) []byte {
				s := *(*string)(p)
				b = binary.AppendUvarint(b, uint64(len(s)))
				return append(b, s...)
			},
			dec: func(b []byte, p unsafe.Pointer, _ bool) ([]byte, error) {
				n, k := binary.Uvarint(b)
				if k <= 0 || n > uint64(len(b)-k) {
					return nil, errShort
				}
				*(*string)(p) = string(b[k : k+int(n)])
				return b[k+int(n):], nil
			}}
	case reflect.Array:
		el := codecOf(t.Elem())
		if el == nil {
			return nil
		}
		n := t.Len()
		es := t.Elem().Size()
		if el.raw {
			var bools []uintptr
			for i := range n {
				for _, at := range el.bools {
					bools = append(bools, uintptr(i)*es+at)
				}
			}
			return rawCodec(bools)
		}
		return &codec{size: size,
			enc: func(b []byte, p unsafe.Pointer) []byte {
				for i := range n {
					b = el.enc(b, unsafe.Add(p, uintptr(i)*es))
				}
				return b
			},
			dec: func(b []byte, p unsafe.Pointer, trusted bool) ([]byte, error) {
				var err error
				for i := range n {
					if b, err = el.dec(b, unsafe.Add(p, uintptr(i)*es), trusted); err != nil {
						return nil, err
					}
				}
				return b, nil
			}}
	case reflect.Struct:
		type field struct {
			at uintptr
			cd *codec
		}
		var fields []field
		raw := true
		var bools []uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			cd := codecOf(f.Type)
			if cd == nil {
				return nil
			}
			fields = append(fields, field{f.Offset, cd})
			raw = raw && cd.raw
			for _, at := range cd.bools {
				bools = append(bools, f.Offset+at)
			}
		}
		if raw {
			return rawCodec(bools)
		}
		return &codec{size: size,
			enc: func(b []byte, p unsafe.Pointer) []byte {
				for _, f := range fields {
					b = f.cd.enc(b, unsafe.Add(p, f.at))
				}
				return b
			},
			dec: func(b []byte, p unsafe.Pointer, trusted bool) ([]byte, error) {
				var err error
				for _, f := range fields {
					if b, err = f.cd.dec(b, unsafe.Add(p, f.at), trusted); err != nil {
						return nil, err
					}
				}
				return b, nil
			}}
	case reflect.Slice:
		el := codecOf(t.Elem())
		if el == nil {
			return nil
		}
		es := t.Elem().Size()
		return &codec{size: size,
			enc: func(b []byte, p unsafe.Pointer) []byte {
				v := reflect.NewAt(t, p).Elem()
				n := v.Len()
				if v.IsNil() {
					return append(b, 0)
				}
				b = binary.AppendUvarint(b, uint64(n)+1)
				if n == 0 {
					return b
				}
				data := v.UnsafePointer()
				if el.raw {
					return append(b, unsafe.Slice((*byte)(data), uintptr(n)*es)...)
				}
				for i := range n {
					b = el.enc(b, unsafe.Add(data, uintptr(i)*es))
				}
				return b
			},
			dec: func(b []byte, p unsafe.Pointer, trusted bool) ([]byte, error) {
				m, k := binary.Uvarint(b)
				if k <= 0 {
					return nil, errShort
				}
				b = b[k:]
				v := reflect.NewAt(t, p).Elem()
				if m == 0 {
					v.SetZero()
					return b, nil
				}
				n := m - 1
				// Each element takes a byte at least (a raw one its
				// size): a length the bytes cannot hold is refused
				// before anything is made of it.
				if n > uint64(len(b)) || el.raw && es > 0 && n > uint64(len(b))/uint64(es) {
					return nil, errShort
				}
				s := reflect.MakeSlice(t, int(n), int(n))
				v.Set(s)
				if n == 0 {
					return b, nil
				}
				data := s.UnsafePointer()
				var err error
				for i := range int(n) {
					if el.raw && i == 0 {
						b, err = rawRun(el, b, data, int(n), es, trusted)
						if err != nil {
							return nil, err
						}
						break
					}
					if b, err = el.dec(b, unsafe.Add(data, uintptr(i)*es), trusted); err != nil {
						return nil, err
					}
				}
				return b, nil
			}}
	}
	return nil
}

// rawRun unpacks n raw elements of el at once.
func rawRun(el *codec, b []byte, data unsafe.Pointer, n int, es uintptr, trusted bool) ([]byte, error) {
	total := uintptr(n) * es
	if uintptr(len(b)) < total {
		return nil, errShort
	}
	if !trusted && len(el.bools) > 0 {
		for i := range n {
			for _, at := range el.bools {
				if b[uintptr(i)*es+at] > 1 {
					return nil, fmt.Errorf("a bool of %d", b[uintptr(i)*es+at])
				}
			}
		}
	}
	copy(unsafe.Slice((*byte)(data), total), b[:total])
	return b[total:], nil
}

// packAt appends the value at p (a *T of st's type) to b: its codec's
// bytes after a 0; for a type the codec cannot pack, its JSON after a 1,
// or after a 2 its binary form, when *T has one (encoding's
// BinaryMarshaler and BinaryUnmarshaler: the RNG streams, whose JSON
// cost most of a restore).
func packAt(b []byte, st *ecs.StateType, cd *codec, p unsafe.Pointer) ([]byte, error) {
	if cd != nil {
		return cd.enc(append(b, 0), p), nil
	}
	tag, encode := byte(1), func() ([]byte, error) { return st.Encode(reflect.NewAt(st.Type, p).Elem().Interface()) }
	if binaryForm(st.Type) {
		tag, encode = 2, reflect.NewAt(st.Type, p).Interface().(encoding.BinaryMarshaler).MarshalBinary
	}
	raw, err := encode()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", st.Name, err)
	}
	b = append(b, tag)
	b = binary.AppendUvarint(b, uint64(len(raw)))
	return append(b, raw...), nil
}

// unpackValue reads a value of st's type that packAt wrote, boxed.
func unpackValue(b []byte, st *ecs.StateType, trusted bool) (any, []byte, error) {
	if len(b) == 0 {
		return nil, nil, errShort
	}
	switch b[0] {
	case 0:
		cd := codecOf(st.Type)
		if cd == nil {
			return nil, nil, fmt.Errorf("%s: packed, but this build packs it as JSON", st.Name)
		}
		ptr := reflect.New(st.Type)
		rest, err := cd.dec(b[1:], ptr.UnsafePointer(), trusted)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", st.Name, err)
		}
		v := ptr.Elem().Interface()
		if !trusted && reflect.PointerTo(st.Type).Implements(jsonUnmarshaler) {
			// A type that reads itself drops what it does not trust
			// (a level's drawing caches): a value from elsewhere goes
			// its way, as a JSON snapshot's does.
			raw, err := st.Encode(v)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", st.Name, err)
			}
			if v, err = st.Decode(raw); err != nil {
				return nil, nil, err
			}
		}
		return v, rest, nil
	case 1, 2:
		n, k := binary.Uvarint(b[1:])
		if k <= 0 || n > uint64(len(b)-1-k) {
			return nil, nil, fmt.Errorf("%s: %w", st.Name, errShort)
		}
		raw := b[1+k : 1+k+int(n)]
		if b[0] == 1 {
			v, err := st.Decode(raw)
			if err != nil {
				return nil, nil, err
			}
			return v, b[1+k+int(n):], nil
		}
		if !binaryForm(st.Type) {
			return nil, nil, fmt.Errorf("%s: packed in a binary form, which this build does not read", st.Name)
		}
		ptr := reflect.New(st.Type)
		if err := ptr.Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary(raw); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", st.Name, err)
		}
		return ptr.Elem().Interface(), b[1+k+int(n):], nil
	}
	return nil, nil, fmt.Errorf("%s: packed as %d, not 0, 1 or 2", st.Name, b[0])
}

// appendString appends s, its length first.
func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// readString reads what appendString wrote.
func readString(b []byte) (string, []byte, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return "", nil, errShort
	}
	return string(b[k : k+int(n)]), b[k+int(n):], nil
}

// header is the packed header of the episode now.
func (s *Sim) header() snapshotHeader {
	h := snapshotHeader{Seed: s.cfg.Seed, Rules: s.cfg.Rules, Mechanics: s.Mechanics(), Agent: s.cfg.Agent,
		Scenario: s.cfg.Scenario, Note: s.note, Strict: s.cfg.Strict, MaxTurns: s.cfg.MaxTurns,
		TurnTicks: s.cfg.TurnTicks, Goal: s.cfg.Goal, Level: s.cfg.Level, Dungeon: s.cfg.Dungeon}
	if s.InTickTurn() {
		h.TickTurn = &TickTurn{Ticks: s.turnTicks, Depth: s.turnDepth}
	}
	return h
}

// Pack appends the episode's packed snapshot to b: what [Sim.Snapshot]
// takes, read straight from the world. Take it between turns or steps.
func (s *Sim) Pack(b []byte) ([]byte, error) {
	packingInit()
	w := &s.world
	start := len(b)
	b = append(b, packedMagic...)
	b = append(b, packing.layout[:]...)
	head, err := json.Marshal(s.header())
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	b = appendString(b, string(head))
	b = binary.LittleEndian.AppendUint32(b, SnapshotVersion)
	dump := w.DumpEntities()
	alive := dump.Alive
	slices.Sort(alive)
	b = codecOf(reflect.TypeFor[arche.EntityDump]()).enc(b, unsafe.Pointer(&dump))
	var res []*ecs.StateType
	var rids []arche.ResID
	for _, st := range ecs.States() {
		if st.Resource && !st.Transient {
			id := arche.ResourceTypeID(w, st.Type)
			if w.Resources().Has(id) {
				res, rids = append(res, st), append(rids, id)
			}
		}
	}
	comps, ids := s.packedComponents()
	// Components: each column's entities, then its values' length and
	// its values (a reader builds the world's structure first).
	n := 0
	for _, id := range ids {
		for _, idx := range alive {
			if w.Has(dump.Entities[idx], id) {
				n++
				break
			}
		}
	}
	b = binary.AppendUvarint(b, uint64(n))
	for k, st := range comps {
		id := ids[k]
		m := 0
		for _, idx := range alive {
			if w.Has(dump.Entities[idx], id) {
				m++
			}
		}
		if m == 0 {
			continue
		}
		b = appendString(b, st.Name)
		b = binary.AppendUvarint(b, uint64(m))
		for _, idx := range alive {
			if w.Has(dump.Entities[idx], id) {
				b = binary.LittleEndian.AppendUint32(b, idx)
			}
		}
		at := len(b)
		b = append(b, 0, 0, 0, 0)
		cd := codecOf(st.Type)
		for _, idx := range alive {
			if e := dump.Entities[idx]; w.Has(e, id) {
				if b, err = packAt(b, st, cd, w.Get(e, id)); err != nil {
					return nil, fmt.Errorf("snapshot: %w", err)
				}
			}
		}
		binary.LittleEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	}
	b = binary.AppendUvarint(b, uint64(len(res)))
	for k, st := range res {
		b = appendString(b, st.Name)
		if b, err = packAt(b, st, codecOf(st.Type), resourcePointer(w, rids[k])); err != nil {
			return nil, fmt.Errorf("snapshot: %w", err)
		}
	}
	return binary.LittleEndian.AppendUint64(b, tag(b[start:])), nil
}

// packedComponents is the registered component types the world has ids
// for, in the registry's order, and their ids: looked up again only
// when the world has registered more (a world's ids are never
// renumbered, a reset keeping its registry).
func (s *Sim) packedComponents() ([]*ecs.StateType, []arche.ID) {
	pc := &s.packComps
	if n := len(arche.ComponentIDs(&s.world)); n != pc.n || n == 0 {
		pc.comps, pc.ids = pc.comps[:0], pc.ids[:0]
		for _, st := range ecs.States() {
			if id, ok := ecs.ComponentID(&s.world, st); ok && !st.Resource {
				pc.comps, pc.ids = append(pc.comps, st), append(pc.ids, id)
			}
		}
		pc.n = n
	}
	return pc.comps, pc.ids
}

// IsPacked reports whether b looks like a packed snapshot (rather than
// the JSON form).
func IsPacked(b []byte) bool { return bytes.HasPrefix(b, []byte(packedMagic)) }

// UnpackSnapshot reads a packed snapshot. It reports whether the snapshot
// is trusted: packed by this very process, unchanged since (its MAC
// holds), hence restorable without the checks ([Sim.Adopt]). A snapshot
// of another build is refused; one of another process of this build is
// checked as a JSON one is (its structure here, the rest when it is
// restored).
func UnpackSnapshot(b []byte) (snap *Snapshot, trusted bool, err error) {
	body, trusted, err := packedBody(b)
	if err != nil {
		return nil, false, err
	}
	snap, err = unpack(body, trusted)
	if err != nil {
		return nil, false, fmt.Errorf("snapshot: %w", err)
	}
	if !trusted {
		if err := snap.check(); err != nil {
			return nil, false, err
		}
	}
	return snap, trusted, nil
}

// packedBody checks a packed snapshot's magic, layout and tag, and
// returns what follows the layout up to the tag, and whether the tag is
// this process's.
func packedBody(b []byte) ([]byte, bool, error) {
	packingInit()
	if !IsPacked(b) {
		return nil, false, errors.New("snapshot: not a packed snapshot")
	}
	if len(b) < len(packedMagic)+32+packedTag {
		return nil, false, errors.New("snapshot: a packed snapshot cut short")
	}
	body, t := b[:len(b)-packedTag], binary.LittleEndian.Uint64(b[len(b)-packedTag:])
	if !bytes.Equal(body[len(packedMagic):len(packedMagic)+32], packing.layout[:]) {
		return nil, false, errors.New("snapshot: packed by another build of cogsim (its layout differs): restore it where it was taken, or take the portable JSON form there")
	}
	return body[len(packedMagic)+32:], tag(body) == t, nil
}

// sameHead reports whether the header of a trusted packed snapshot's
// body b is the one RestorePacked read last, with the body after it
// (after the format's version, which was checked then); raw is the
// header's bytes.
func (s *Sim) sameHead(b []byte) (raw, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) || len(b)-k-int(n) < 4 {
		return nil, nil, false
	}
	raw, rest = b[k:k+int(n)], b[k+int(n):]
	if string(raw) != s.lastHead.raw || s.lastHead.raw == "" ||
		binary.LittleEndian.Uint32(rest) != SnapshotVersion {
		return raw, nil, false
	}
	return raw, rest[4:], true
}

// readHeader reads a packed snapshot's header and version.
func readHeader(b []byte) (snapshotHeader, []byte, error) {
	var h snapshotHeader
	head, b, err := readString(b)
	if err != nil {
		return h, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(head)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return h, nil, fmt.Errorf("header: %w", err)
	}
	if len(b) < 4 {
		return h, nil, errShort
	}
	if v := binary.LittleEndian.Uint32(b); v != SnapshotVersion {
		return h, nil, fmt.Errorf("format version %d, this engine reads version %d", v, SnapshotVersion)
	}
	return h, b[4:], nil
}

// packedColumn is a component's column of a packed snapshot: its type,
// its entities and its values' bytes.
type packedColumn struct {
	st       *ecs.StateType
	entities []uint32
	values   []byte
}

// readColumn reads a component's column, its entities appended to *ents
// (nil: a slice of their own).
func readColumn(b []byte, ents *[]uint32) (packedColumn, []byte, error) {
	var col packedColumn
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return col, nil, errShort
	}
	name := b[k : k+int(n)]
	b = b[k+int(n):]
	st, ok := ecs.StateByName(string(name))
	if !ok || st.Resource {
		return col, nil, fmt.Errorf("unknown component %q (made by a mechanic this binary lacks?)", name)
	}
	m, k := binary.Uvarint(b)
	if k <= 0 || m > uint64(len(b)-k)/4 {
		return col, nil, errShort
	}
	b = b[k:]
	var room []uint32
	if ents != nil {
		room = *ents
	}
	at := len(room)
	room = slices.Grow(room, int(m))[:at+int(m)]
	col.st, col.entities = st, room[at:]
	if ents != nil {
		*ents = room
	}
	for i := range col.entities {
		col.entities[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	b = b[4*m:]
	if len(b) < 4 {
		return col, nil, errShort
	}
	size := binary.LittleEndian.Uint32(b)
	if uint64(size) > uint64(len(b)-4) {
		return col, nil, errShort
	}
	col.values, b = b[4:4+size], b[4+size:]
	return col, b, nil
}

func unpack(b []byte, trusted bool) (*Snapshot, error) {
	h, b, err := readHeader(b)
	if err != nil {
		return nil, err
	}
	snap := h.snapshot(SnapshotVersion)
	if b, err = codecOf(reflect.TypeFor[arche.EntityDump]()).dec(b, unsafe.Pointer(&snap.Entities), trusted); err != nil {
		return nil, fmt.Errorf("entities: %w", err)
	}
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, errShort
	}
	b = b[k:]
	for range n {
		var col packedColumn
		if col, b, err = readColumn(b, nil); err != nil {
			return nil, err
		}
		out := ComponentColumn{Name: col.st.Name, Entities: col.entities, Values: make([]any, len(col.entities))}
		v := col.values
		for i := range out.Values {
			if out.Values[i], v, err = unpackValue(v, col.st, trusted); err != nil {
				return nil, err
			}
		}
		if len(v) != 0 {
			return nil, fmt.Errorf("%s: %d bytes after its values", col.st.Name, len(v))
		}
		snap.Components = append(snap.Components, out)
	}
	n, k = binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, errShort
	}
	b = b[k:]
	for range n {
		var name string
		if name, b, err = readString(b); err != nil {
			return nil, err
		}
		st, ok := ecs.StateByName(name)
		if !ok || !st.Resource || st.Transient {
			return nil, fmt.Errorf("unknown resource %q (made by a mechanic this binary lacks?)", name)
		}
		var v any
		if v, b, err = unpackValue(b, st, trusted); err != nil {
			return nil, err
		}
		snap.Resources = append(snap.Resources, ResourceValue{Name: name, Value: v})
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%d bytes after the resources", len(b))
	}
	return snap, nil
}

// PackedInTickTurn reports whether a packed snapshot was taken between
// the tick steps of a command turn (§37.1).
func PackedInTickTurn(b []byte) (bool, error) {
	body, _, err := packedBody(b)
	if err != nil {
		return false, err
	}
	h, _, err := readHeader(body)
	if err != nil {
		return false, fmt.Errorf("snapshot: %w", err)
	}
	return h.TickTurn != nil, nil
}

// sameConfig reports whether the snapshot's header is of an episode of
// s's configuration but perhaps its seed: its rules, mechanics,
// scenario, scripts, clock, goal and agent.
func (s *Sim) sameConfig(h *snapshotHeader) bool {
	cfg := s.cfg
	return h.Rules == cfg.Rules && slices.Equal(h.Mechanics, s.Mechanics()) && h.Agent == cfg.Agent &&
		h.Strict == cfg.Strict && h.MaxTurns == cfg.MaxTurns && h.TurnTicks == cfg.TurnTicks &&
		h.Goal == cfg.Goal && sameJSON(h.Scenario, cfg.Scenario) &&
		scriptsString(Config{Level: h.Level, Dungeon: h.Dungeon}.scripts()) == scriptsString(cfg.scripts())
}

// RestorePacked makes the episode a packed snapshot's, in place, when
// this process packed it ([Sim.Pack]) from an episode of the same
// configuration, perhaps of another seed (a session's slot restores its
// own snapshots and its other slots'): the values are put in place
// without the checks, the world's structure rebuilt. It reports false,
// changing nothing, for any other snapshot ([UnpackSnapshot] reads it
// for [FromSnapshot] or [Sim.Restore], which check it); an error means
// the bytes are not a packed snapshot of this build.
func (s *Sim) RestorePacked(b []byte) (bool, error) {
	body, trusted, err := packedBody(b)
	if err != nil || !trusted {
		return false, err
	}
	var h snapshotHeader
	if raw, rest, ok := s.sameHead(body); ok {
		h, b = s.lastHead.h, rest
	} else {
		if h, b, err = readHeader(body); err != nil {
			return false, fmt.Errorf("snapshot: %w", err)
		}
		s.lastHead.raw, s.lastHead.h = string(raw), h
	}
	if !s.sameConfig(&h) {
		return false, nil
	}
	if err := s.restoreTrusted(&h, b); err != nil {
		panic("sim: a packed snapshot of this process did not restore: " + err.Error())
	}
	return true, nil
}

// restoreTrusted puts the packed snapshot's state (b, after its header
// h) in place: the world's structure rebuilt, each value read into its
// place (through room of its own where its type assigns itself), the
// derived indices rebuilt.
func (s *Sim) restoreTrusted(h *snapshotHeader, b []byte) error {
	w := &s.world
	var dump arche.EntityDump
	b, err := codecOf(reflect.TypeFor[arche.EntityDump]()).dec(b, unsafe.Pointer(&dump), true)
	if err != nil {
		return err
	}
	n, k := binary.Uvarint(b)
	if k <= 0 {
		return errShort
	}
	b = b[k:]
	sc := &s.scratch
	cols := slices.Grow(sc.cols[:0], int(n))[:n]
	sc.ents = sc.ents[:0]
	for i := range cols {
		if cols[i], b, err = readColumn(b, &sc.ents); err != nil {
			return err
		}
	}
	if h.Seed != s.cfg.Seed {
		s.cfg.Seed = h.Seed
		s.env.Dungeon = s.gen.Plan(h.Seed)
	}
	s.env.epoch++
	s.memory.Forget()
	s.held = resetKeepingResources(w, s.held)
	w.LoadEntities(&dump)
	ids := sc.ids[:0]
	for range dump.Entities {
		if len(ids) < cap(ids) {
			ids = ids[:len(ids)+1]
			ids[len(ids)-1] = ids[len(ids)-1][:0]
		} else {
			ids = append(ids, nil)
		}
	}
	colIDs := slices.Grow(sc.colIDs[:0], len(cols))[:len(cols)]
	sc.cols, sc.ids, sc.colIDs = cols, ids, colIDs
	for k, col := range cols {
		colIDs[k] = arche.TypeID(w, col.st.Type)
		for _, idx := range col.entities {
			ids[idx] = append(ids[idx], colIDs[k])
		}
	}
	for _, idx := range dump.Alive {
		if len(ids[idx]) > 0 {
			w.Add(dump.Entities[idx], ids[idx]...)
		}
	}
	for k, col := range cols {
		v := col.values
		cd := codecOf(col.st.Type)
		for _, idx := range col.entities {
			if v, err = s.readInto(v, col.st, cd, w.Get(dump.Entities[idx], colIDs[k])); err != nil {
				return err
			}
		}
	}
	n, k = binary.Uvarint(b)
	if k <= 0 {
		return errShort
	}
	b = b[k:]
	for range n {
		var name string
		if name, b, err = readString(b); err != nil {
			return err
		}
		st, _ := ecs.StateByName(name)
		id := arche.ResourceTypeID(w, st.Type)
		if !w.Resources().Has(id) {
			return fmt.Errorf("resource %q, which this episode does not have", name)
		}
		if b, err = s.readInto(b, st, codecOf(st.Type), resourcePointer(w, id)); err != nil {
			return err
		}
	}
	s.note = h.Note
	s.inTurn, s.tickSteps, s.turnTicks, s.turnDepth = false, false, 0, 0
	if tt := h.TickTurn; tt != nil {
		s.inTurn, s.tickSteps, s.turnTicks, s.turnDepth = true, true, tt.Ticks, tt.Depth
	}
	if err := ecs.RebuildState(w); err != nil {
		return err
	}
	s.render()
	return nil
}

// readInto reads a value packAt wrote into dst (a *T of st's type): a
// plain value of a type that does not assign itself straight there,
// any other through room of its own (made once a Sim and type).
func (s *Sim) readInto(b []byte, st *ecs.StateType, cd *codec, dst unsafe.Pointer) ([]byte, error) {
	if len(b) == 0 {
		return nil, errShort
	}
	if b[0] != 0 {
		v, rest, err := unpackValue(b, st, true)
		if err != nil {
			return nil, err
		}
		st.Put(dst, v)
		return rest, nil
	}
	if cd.raw && !cd.assigns {
		return cd.dec(b[1:], dst, true)
	}
	if s.room == nil {
		s.room = map[*ecs.StateType]unsafe.Pointer{}
	}
	room := s.room[st]
	if room == nil {
		room = reflect.New(st.Type).UnsafePointer()
		s.room[st] = room
	}
	rest, err := cd.dec(b[1:], room, true)
	if err != nil {
		return nil, err
	}
	st.PutFrom(dst, room)
	return rest, nil
}

// sameJSON reports whether two scenarios are the same (nil or equal in
// JSON).
func sameJSON(a, b *Scenario) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a == b {
		return true
	}
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
