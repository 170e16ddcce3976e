package serve_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cogsim/cogsim/render/picture"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pictureOf is the picture of the episode of seed after replies, drawn
// directly.
func pictureOf(t *testing.T, seed uint64, replies ...string) []byte {
	s, err := sim.New(sim.Config{Seed: seed})
	require.NoError(t, err)
	for _, r := range replies {
		s.Turn(r)
	}
	p, err := picture.New()
	require.NoError(t, err)
	return bytes.Clone(p.Draw(s))
}

func TestARenderAnswersThePictureOfTheSlot(t *testing.T) {
	s := start(t, serve.Options{Envs: 2})
	assert.Contains(t, s.err(`{"op":"render","env":0}`), "env 0: no episode to render (reset it first)")
	assert.Contains(t, s.err(`{"op":"render"}`), "env: missing")
	s.obs(`{"op":"reset","env":0,"seed":4}`)
	s.obs(`{"op":"reset","env":1,"seed":5}`)
	s.obs(`{"op":"step","env":1,"reply":"e e s"}`)
	for env, want := range map[int][]byte{0: pictureOf(t, 4), 1: pictureOf(t, 5, "e e s")} {
		_, b := s.ask(fmt.Sprintf(`{"op":"render","env":%d}`, env))
		var r struct {
			RGB           string
			Height, Width int
		}
		require.NoError(t, json.Unmarshal(b, &r))
		assert.Equal(t, 24*16, r.Height)
		assert.Equal(t, 48*8, r.Width, "as wide as the map (§37.8)")
		pix, err := base64.StdEncoding.DecodeString(r.RGB)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, pix), "env %d: the picture of its episode", env)
	}
}

func TestABinaryRenderIsAnRFrame(t *testing.T) {
	s := start(t, serve.Options{Envs: 1, Binary: true})
	s.ask(`{"op":"reset","env":0,"seed":4}`)
	kind, body := s.ask(`{"op":"render","env":0}`)
	require.Equal(t, byte('R'), kind, string(body))
	h, w := binary.LittleEndian.Uint32(body), binary.LittleEndian.Uint32(body[4:])
	assert.Equal(t, uint32(384), h)
	assert.Equal(t, uint32(384), w)
	require.Len(t, body, 8+int(h*w*3))
	assert.True(t, bytes.Equal(pictureOf(t, 4), body[8:]))
	kind, _ = s.ask(`{"op":"step","env":0,"reply":"e"}`)
	assert.Equal(t, byte('O'), kind, "the stream is in step after the picture")
}
