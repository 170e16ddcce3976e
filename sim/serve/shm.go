package serve

import (
	"encoding/binary"
	"fmt"
	"os"
)

// The shared memory of a session (docs/serve.md): a header of ShmHeader
// bytes, then two regions of one record a slot, slot i's at
// ShmHeader + (r·envs + i)·recordBytes in region r. Each observation
// answer writes the next region, so that an answer's records stay as
// they are until the answer after the next.
const (
	ShmHeader  = 64
	ShmRegions = 2
	// ShmMagic starts the header; then uint32 envs, uint32 record
	// bytes, uint32 regions.
	ShmMagic = "COGSIMSH"
)

// ShmSize is the size of the shared memory of envs slots with records
// of recordBytes.
func ShmSize(envs, recordBytes int) int { return ShmHeader + ShmRegions*envs*recordBytes }

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
	sv.shm = mem
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
