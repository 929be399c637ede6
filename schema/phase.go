package schema

import "time"

// PhasesSubjectPrefix prefixes the core NATS subjects on which workers
// announce where each job is (PhaseSubject(sweep)). No stream captures
// them: an announcement nobody hears is lost, and that is fine.
const PhasesSubjectPrefix = "mcpgauge.phases"

// PhaseSubject is the subject a sweep's phase announcements go to.
func PhaseSubject(sweepID string) string { return PhasesSubjectPrefix + "." + sweepID }

// Phase is where a job is on a worker.
type Phase string

// The phases a job goes through, in order; a job may skip some (a remote
// server installs nothing, a failed install starts nothing).
const (
	PhaseInstalling Phase = "installing"
	PhaseStarting   Phase = "starting"
	PhaseChecking   Phase = "checking"
	PhaseEvaluating Phase = "evaluating"
	PhasePublishing Phase = "publishing"
	// PhaseDone ends the job on this worker (its result was published, or
	// the job was handed back).
	PhaseDone Phase = "done"
)

// PhaseEvent is one announcement: job JobID of sweep SweepID (server Name
// at Version) entered Phase on worker WorkerID at At. Name and Version
// come from the registry: hostile text.
type PhaseEvent struct {
	JobID    string    `json:"job_id"`
	SweepID  string    `json:"sweep_id"`
	Name     string    `json:"name"`
	Version  string    `json:"version"`
	Phase    Phase     `json:"phase"`
	WorkerID string    `json:"worker_id"`
	At       time.Time `json:"at"`
}
