package serve

import (
	"encoding/binary"
	"fmt"
	"os"
)

// The shared memory of a session (docs/serve.md): a header of ShmHeader
// bytes, then two regions of one record a slot, slot i's at
// ShmHeader + (r·envs + i)·recordBytes in region r, then the two
// regions' columns (ShmColumns). Each observation answer writes the
// next region, so that an answer's records stay as they are until the
// answer after the next.
const (
	ShmHeader  = 64
	ShmRegions = 2
	// ShmMagic starts the header; then uint32 envs, uint32 record
	// bytes, uint32 regions, uint32 the offset of the columns.
	ShmMagic = "COGSIMSH"
)

// ShmSize is the size of the shared memory of envs slots with records
// of recordBytes.
func ShmSize(envs, recordBytes int) int {
	return ShmColumns(envs, recordBytes, ShmRegions)
}

// ShmColumns is where region r's columns start: every slot's flags
// (uint32, the record's), then from ShmColumnBytes(envs) on every slot's
// reward (int32, the record's), slot i's at 4·i of each. A client
// reads a batch's flags and rewards there, from a few cache lines,
// instead of from one line of each record.
func ShmColumns(envs, recordBytes, r int) int {
	return ShmHeader + ShmRegions*envs*recordBytes + r*2*ShmColumnBytes(envs)
}

// ShmColumnBytes is the size of one column of envs slots: 4 bytes a
// slot, rounded up to a cache line.
func ShmColumnBytes(envs int) int { return (4*envs + 63) / 64 * 64 }

// mapShm maps the file at path, which the client made (the session never
// creates nor removes it), sized to the session's layout, and writes the
// header.
func (sv *Server) mapShm(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("shm: %w", err)
	}
	defer f.Close()
	size := ShmSize(len(sv.slots), sv.recordBytes)
	if err := reserve(f, size); err != nil {
		return fmt.Errorf("shm: reserving %d bytes for %s: %w (no space left there? a full /dev/shm or tmpfs)", size, path, err)
	}
	if err := f.Truncate(int64(size)); err != nil {
		return fmt.Errorf("shm: sizing %s to %d bytes: %w", path, size, err)
	}
	mem, err := mapShared(f, size)
	if err != nil {
		return fmt.Errorf("shm: mapping %s: %w", path, err)
	}
	copy(mem, ShmMagic)
	le := binary.LittleEndian
	le.PutUint32(mem[8:], uint32(len(sv.slots)))
	le.PutUint32(mem[12:], uint32(sv.recordBytes))
	le.PutUint32(mem[16:], ShmRegions)
	le.PutUint32(mem[20:], uint32(ShmColumns(len(sv.slots), sv.recordBytes, 0)))
	sv.shm = mem
	for r := range sv.columns {
		sv.columns[r] = ShmColumns(len(sv.slots), sv.recordBytes, r)
	}
	sv.columnBytes = ShmColumnBytes(len(sv.slots))
	return nil
}

// Close releases the session's shared memory, if any. The file stays:
// it is the client's.
func (sv *Server) Close() error {
	if sv.shm == nil {
		return nil
	}
	err := unmapShared(sv.shm)
	sv.shm = nil
	return err
}
