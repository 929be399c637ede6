// Package deploy tests the deployment files as an operator would use them:
// the Helm chart (helm lint, helm template, every manifest decoded strictly
// against the Kubernetes API types and KEDA's CRD schema), the compose file
// (the compose-spec loader, its nats-server command line as a real
// process), and a distributed sweep run from the chart's own commands and
// flags. It is its own module so that helm, k8s.io/api and compose-go stay
// out of the mcpgauge module and binary.
package deploy
