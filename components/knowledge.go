package components

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Knowledge is what the cog knows of the item kinds whose class has
// appearances (§10, §32.4): per kind, its appearance this episode (an
// index into its class's Appearances: a seeded permutation per class)
// and whether it is identified. Drawn marks the kinds that have an
// appearance this episode: the core classes' kinds always, a mechanic's
// kinds only when it is installed. The arrays have a slot per possible
// kind, so nothing is allocated as the cog learns.
type Knowledge struct {
	Appearance [maxRow + 1]uint8
	Identified [maxRow + 1]bool
	Drawn      [maxRow + 1]bool
}

// Draw starts the episode's knowledge: nothing identified, and for each
// class with appearances, in table order (so the core classes first), a
// permutation of its appearances drawn from its stream, kind k of the
// class (in table order) taking perm[k]. A mechanic's class is drawn
// only when its mechanic is named in mechanics; a mechanic's kind in a
// core class takes its appearance from the class's draw, and only then.
// The core draw is §10's: one Perm(6) from the items stream.
func (kn *Knowledge) Draw(streams *ecs.Streams, mechanics []string) {
	*kn = Knowledge{}
	for cl := range Classes {
		ci := &Classes[cl]
		if len(ci.Appearances) == 0 || !ActiveIn(ci.Mechanic, mechanics) {
			continue
		}
		stream := ci.Stream
		if stream == "" {
			stream = ecs.StreamItems
		}
		perm := streams.Get(stream).Perm(len(ci.Appearances))
		k := 0
		for i := range ItemKinds {
			row := &ItemKinds[i]
			if row.Class != ItemClass(cl) {
				continue
			}
			if ActiveIn(row.Mechanic, mechanics) {
				kn.Appearance[i], kn.Drawn[i] = uint8(perm[k]), true
			}
			k++
		}
	}
}

// Identify marks kind k identified; it reports whether it was not yet.
// A kind without an appearance this episode reads by its name already:
// nothing changes.
func (kn *Knowledge) Identify(k ItemKind) bool {
	if !kn.Drawn[k] || kn.Identified[k] {
		return false
	}
	kn.Identified[k] = true
	return true
}

// Known reports whether kind k reads by its name: its class has no
// appearances, or it is identified.
func (kn *Knowledge) Known(k ItemKind) bool {
	return !kn.Drawn[k] || kn.Identified[k]
}

// AppearanceOf is kind k's appearance this episode ("smoky"), or "" for
// a kind that has none.
func (kn *Knowledge) AppearanceOf(k ItemKind) string {
	if !kn.Drawn[k] {
		return ""
	}
	return ItemKinds[k].Class.Info().Appearances[kn.Appearance[k]]
}

// AppendName appends how count items of kind k read to the cog: "a
// dagger", "2 food rations", "a smoky potion", "an oak wand", "a scroll
// labelled ZELGO MER", "leather armour"; identified, "a potion of
// healing", "a wand of striking". spe is the items' own value, shown
// only by a class that says so ([ClassInfo.ShowSpe]: "a +1 dagger"; a
// wand's charges are not shown, §33).
func (kn *Knowledge) AppendName(b []byte, k ItemKind, count int, spe int32) []byte {
	if count == 1 {
		return kn.appendName(b, k, false, spe, true)
	}
	b = strconv.AppendInt(b, int64(count), 10)
	b = append(b, ' ')
	return kn.appendName(b, k, true, spe, false)
}

// AppendBareName appends how one item of kind k reads without its
// article, as after "The " or "Your ": "oak wand", "scroll labelled
// ZELGO MER", "+1 dagger", "wand of striking".
func (kn *Knowledge) AppendBareName(b []byte, k ItemKind, spe int32) []byte {
	return kn.appendName(b, k, false, spe, false)
}

// appendName appends the name of kind k, plural or not, with its spe
// where its class shows it, after its article when article is set.
func (kn *Knowledge) appendName(b []byte, k ItemKind, plural bool, spe int32, article bool) []byte {
	info := k.Info()
	ci := info.Class.Info()
	if !kn.Known(k) {
		return kn.appendUnknown(b, ci, kn.AppearanceOf(k), plural, article)
	}
	if article {
		if ci.ShowSpe && spe != 0 {
			if info.Article != "" {
				b = append(b, "a "...) // "a +1 …", "a -1 …"
			}
		} else {
			b = append(b, info.Article...)
		}
	}
	if ci.ShowSpe && spe != 0 {
		if spe > 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(spe), 10)
		b = append(b, ' ')
	}
	if plural {
		return append(b, info.Plural...)
	}
	return append(b, info.Name...)
}

// appendUnknown appends how an unidentified item of class ci with
// appearance app reads by the class's Reads, after its article when
// article is set.
func (kn *Knowledge) appendUnknown(b []byte, ci *ClassInfo, app string, plural, article bool) []byte {
	noun := ci.Noun
	if ci.reads == nil {
		if article {
			b = append(b, Article(app)...)
		}
		b = append(b, app...)
		b = append(b, ' ')
		b = append(b, noun...)
		if plural {
			b = append(b, 's')
		}
		return b
	}
	for i, p := range ci.reads {
		text := p.text
		switch p.what {
		case 'a':
			text = app
		case 'n':
			text = noun
		}
		if i == 0 && article {
			b = append(b, Article(text)...)
		}
		b = append(b, text...)
		if p.what == 'n' && plural {
			b = append(b, 's')
		}
	}
	return b
}

// Article is "an " before a word starting with a vowel, else "a ".
func Article(word string) string {
	if word != "" {
		switch word[0] {
		case 'a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U':
			return "an "
		}
	}
	return "a "
}

// Check validates the knowledge after a restore (§32.2): every core kind
// of a class with appearances has one, each in its class's range and no
// two kinds of a class sharing one; only kinds with an appearance are
// drawn or identified.
func (kn *Knowledge) Check(_ *arche.World) error {
	var used [maxRow + 1][maxRow + 1]bool // class, appearance
	for i := range kn.Drawn {
		name := "kind " + strconv.Itoa(i)
		if i < len(ItemKinds) {
			name = strconv.Quote(ItemKinds[i].Name)
		}
		if !kn.Drawn[i] {
			if i < len(ItemKinds) && ItemKinds[i].Mechanic == "" && len(ItemKinds[i].Class.Info().Appearances) > 0 {
				return fmt.Errorf("knowledge: %s has no appearance", name)
			}
			if kn.Identified[i] || kn.Appearance[i] != 0 {
				return fmt.Errorf("knowledge: %s is identified or has an appearance, but its class has none this episode", name)
			}
			continue
		}
		if i >= len(ItemKinds) {
			return fmt.Errorf("knowledge: %s: no such item kind", name)
		}
		cl := ItemKinds[i].Class
		apps := cl.Info().Appearances
		a := kn.Appearance[i]
		if int(a) >= len(apps) || used[cl][a] {
			return fmt.Errorf("knowledge: %s: appearance %d of the %s class is unknown or taken twice", name, a, cl)
		}
		used[cl][a] = true
	}
	return nil
}

// knownJSON is one kind's knowledge as written: by the kind's and the
// appearance's names, never by index (§32.1).
type knownJSON struct {
	Kind       string `json:"kind"`
	Appearance string `json:"appearance"`
	Identified bool   `json:"identified,omitempty"`
}

// MarshalJSON writes the kinds that have an appearance, in table order.
func (kn Knowledge) MarshalJSON() ([]byte, error) {
	list := make([]knownJSON, 0, 8)
	for i := range ItemKinds {
		if kn.Drawn[i] {
			list = append(list, knownJSON{Kind: ItemKinds[i].Name, Appearance: kn.AppearanceOf(ItemKind(i)),
				Identified: kn.Identified[i]})
		}
	}
	return json.Marshal(list)
}

// UnmarshalJSON reads what MarshalJSON wrote; an unknown kind, a kind
// whose class has no appearances, or an appearance its class lacks is
// refused, naming it.
func (kn *Knowledge) UnmarshalJSON(b []byte) error {
	var list []knownJSON
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*kn = Knowledge{}
	for _, e := range list {
		k, ok := LookupItem(e.Kind)
		if !ok || e.Kind == "gold" {
			return fmt.Errorf("knowledge: unknown item kind %q", e.Kind)
		}
		apps := k.Info().Class.Info().Appearances
		a := -1
		for j, name := range apps {
			if name == e.Appearance {
				a = j
			}
		}
		if a < 0 {
			return fmt.Errorf("knowledge: %q: the %s class has no appearance %q", e.Kind, k.Info().Class, e.Appearance)
		}
		if kn.Drawn[k] {
			return fmt.Errorf("knowledge: %q written twice", e.Kind)
		}
		kn.Appearance[k], kn.Identified[k], kn.Drawn[k] = uint8(a), e.Identified, true
	}
	return nil
}
