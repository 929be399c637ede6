package config

import (
	"fmt"
	"strings"

	"github.com/spf13/viper"
)

// NewViper returns a viper holding every key's default, each bound to its
// MCPGAUGE_* environment variable. The caller binds its flags, then
// merges the config file (MergeFile) and decodes (Decode).
func NewViper() *viper.Viper {
	v := viper.New()
	for key, val := range Flatten(Default()) {
		v.SetDefault(key, val)
	}
	v.SetEnvPrefix(strings.TrimSuffix(EnvPrefix, "_"))
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	for _, key := range Keys() {
		_ = v.BindEnv(key)
	}
	return v
}

// MergeFile reads the config file at path (Load) into v.
func MergeFile(v *viper.Viper, path string, explicit bool) error {
	settings, err := Load(path, explicit)
	if err != nil {
		return err
	}
	v.SetConfigType(Format(path))
	if err := v.MergeConfigMap(settings); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	return nil
}

// Warning is the line that tells the operator about u.
func (u UnknownEnv) Warning() string {
	msg := fmt.Sprintf("warning: %s is not a setting mcpgauge reads", u.Name)
	if u.Nearest != "" {
		msg += "; did you mean " + u.Nearest + "?"
	}
	return msg
}
