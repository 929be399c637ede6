// Package deps pins the project's third-party modules while packages are being
// written in parallel, so that go.mod stays stable. It is removed once every
// module is imported by real code.
package deps

import (
	_ "github.com/ClickHouse/clickhouse-go/v2"
	_ "github.com/Masterminds/semver/v3"
	_ "github.com/anthropics/anthropic-sdk-go/v2"
	_ "github.com/gofrs/flock"
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/google/shlex"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/nats-io/nats-server/v2/server"
	_ "github.com/nats-io/nats.go/jetstream"
	_ "github.com/openai/openai-go/v3"
	_ "github.com/pelletier/go-toml/v2"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "github.com/robfig/cron/v3"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/spf13/cobra"
	_ "github.com/spf13/viper"
	_ "github.com/tiktoken-go/tokenizer"
	_ "go.yaml.in/yaml/v3"
	_ "modernc.org/sqlite"
)
