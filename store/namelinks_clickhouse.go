package store

import (
	"context"
	"fmt"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

const chInsertNameLink = `INSERT INTO name_links (sweep_id, name, version, kind, other_name, other_version, source, reason, created_ns)`

// InsertNameLinks appends the links; ReplacingMergeTree keeps the latest
// per key and readers use FINAL, so a re-insert changes nothing they see.
func (s *clickhouseStore) InsertNameLinks(ctx context.Context, ls []NameLink) (int, error) {
	if err := checkNameLinks(ls); err != nil {
		return 0, err
	}
	if len(ls) == 0 {
		return 0, nil
	}
	err := s.sendBatch(ctx, chInsertNameLink, func(b driver.Batch) (int, error) {
		for _, l := range ls {
			if err := b.Append(l.SweepID, l.Name, l.Version, l.Kind, l.OtherName, l.OtherVersion, l.Source, l.Reason,
				uint64(l.CreatedAt.UnixNano())); err != nil {
				return 0, fmt.Errorf("name link %s: %w", l.Name, err)
			}
		}
		return len(ls), nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert name links into clickhouse: %w", err)
	}
	return len(ls), nil
}

func (s *clickhouseStore) NameLinks(ctx context.Context, name string) ([]NameLink, error) {
	return readNameLinks(ctx, s.query, "name_links FINAL", "toInt64", name)
}
