package scenario

import (
	"errors"
	"fmt"

	c "github.com/cogsim/cogsim/components"
)

// check refuses the cog's fields out of range; a nil cog keeps the
// episode-start values.
func (cg *Cog) check() error {
	if cg == nil {
		return nil
	}
	if err := inRange("cog.maxHp", cg.MaxHP, 1, maxNumber); err != nil {
		return err
	}
	if err := cg.checkHP(); err != nil {
		return err
	}
	if cg.Nutrition != nil && (*cg.Nutrition < -1000 || *cg.Nutrition > 100000) {
		return fmt.Errorf("cog.nutrition: %d is out of range −1000…100000", *cg.Nutrition)
	}
	// Gold, experience and hit points are bounded like a stack's count,
	// so that a score and the stats' int32 figures cannot overflow
	// (issue 25: gold 2^63−1 scored −9223372036854775709).
	if err := inRange("cog.gold", cg.Gold, 0, maxNumber); err != nil {
		return err
	}
	if err := inRange("cog.xpPoints", cg.XPPoints, 0, maxNumber); err != nil {
		return err
	}
	if cg.Confused < 0 || cg.Paralysed < 0 {
		return errors.New("cog.confused/paralysed: ticks must not be negative")
	}
	return cg.checkInventory()
}

// inRange refuses *v outside lo…hi; a nil v is left out.
func inRange(field string, v *int, lo, hi int) error {
	if v != nil && (*v < lo || *v > hi) {
		return fmt.Errorf("%s: %d is out of range %d…%d", field, *v, lo, hi)
	}
	return nil
}

// checkHP refuses hit points below 1 or above the maximum (the one the
// file gives, else the episode start's 16).
func (cg *Cog) checkHP() error {
	if cg.HP == nil {
		return nil
	}
	if *cg.HP < 1 {
		return fmt.Errorf("cog.hp: %d, must be at least 1", *cg.HP)
	}
	maxHP := 16
	if cg.MaxHP != nil {
		maxHP = *cg.MaxHP
	}
	if *cg.HP > maxHP {
		return fmt.Errorf("cog.hp: %d is more than maxHp %d", *cg.HP, maxHP)
	}
	return nil
}

func (cg *Cog) checkInventory() error {
	if len(cg.Inventory) > 26 {
		return fmt.Errorf("cog.inventory: %d stacks, at most 26", len(cg.Inventory))
	}
	wielded, worn := 0, 0
	for i, st := range cg.Inventory {
		if err := st.check(fmt.Sprintf("cog.inventory[%d]", i)); err != nil {
			return err
		}
		if st.Wielded {
			wielded++
		}
		if st.Worn {
			worn++
		}
	}
	if wielded > 1 || worn > 1 {
		return errors.New("cog.inventory: at most one wielded weapon and one worn armour")
	}
	return nil
}

func (st Stack) check(field string) error {
	k, ok := c.LookupItem(st.Kind)
	if !ok || k == c.Gold {
		return fmt.Errorf("%s.kind: unknown item %q", field, st.Kind)
	}
	if _, err := count(field, st.Count); err != nil {
		return err
	}
	if st.Count > 1 && !k.Stackable() {
		return fmt.Errorf("%s.count: %s never stacks", field, st.Kind)
	}
	if st.Wielded && k.Info().Class != c.WeaponClass {
		return fmt.Errorf("%s.wielded: %s is not a weapon", field, st.Kind)
	}
	if st.Worn && k.Info().Class != c.ArmourClass {
		return fmt.Errorf("%s.worn: %s is not armour", field, st.Kind)
	}
	return nil
}

// inventory is the pack a checked cog's inventory makes, or nil when it
// gives none, and the slots whose spe it leaves out.
func (cg *Cog) inventory() (*c.Inventory, []int) {
	if cg == nil || cg.Inventory == nil {
		return nil, nil
	}
	inv := &c.Inventory{Wielded: c.NoSlot, Worn: c.NoSlot}
	var draw []int
	for i, st := range cg.Inventory {
		k, _ := c.LookupItem(st.Kind)
		n, _ := count("", st.Count)
		inv.Slots[i] = c.Stack{Kind: k, Count: n}
		if st.Spe != nil {
			inv.Slots[i].Spe = *st.Spe
		} else {
			draw = append(draw, i)
		}
		if st.Wielded {
			inv.Wielded = i
		}
		if st.Worn {
			inv.Worn = i
		}
	}
	return inv, draw
}
