{{/* Chart name, truncated to the 63 characters a label allows. */}}
{{- define "mcpgauge.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Fully qualified app name: <release>-<chart>, or the release name when it already contains the chart name. */}}
{{- define "mcpgauge.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "mcpgauge.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "mcpgauge.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* Standard labels (https://kubernetes.io/docs/concepts/overview/working-with-objects/common-labels/). */}}
{{- define "mcpgauge.labels" -}}
helm.sh/chart: {{ include "mcpgauge.chart" . }}
{{ include "mcpgauge.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: mcpgauge
{{- end -}}

{{- define "mcpgauge.selectorLabels" -}}
app.kubernetes.io/name: {{ include "mcpgauge.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* True when the workers' replicas are managed by KEDA (its API is served and keda.enabled). */}}
{{- define "mcpgauge.useKEDA" -}}
{{- if and .Values.keda.enabled (.Capabilities.APIVersions.Has "keda.sh/v1alpha1/ScaledObject") -}}true{{- end -}}
{{- end -}}

{{/* True when a CPU HorizontalPodAutoscaler manages the workers: hpa.enabled, or keda.enabled on a cluster without KEDA (the fallback). */}}
{{- define "mcpgauge.useHPA" -}}
{{- if and (not (include "mcpgauge.useKEDA" .)) (or .Values.hpa.enabled .Values.keda.enabled) -}}true{{- end -}}
{{- end -}}

{{/* NATS credential and TLS flags of a role (dict "root" $ "role" "coordinator"|"worker"): files under the role's Secret mounts, never secrets. */}}
{{- define "mcpgauge.natsArgs" -}}
{{- $a := .root.Values.nats.auth -}}
{{- $r := index $a .role -}}
{{- if eq $a.type "password" }}
- --nats-user={{ $r.user }}
- --nats-password-file=/etc/mcpgauge/nats/password
{{- else if eq $a.type "creds" }}
- --nats-creds=/etc/mcpgauge/nats/nats.creds
{{- else if eq $a.type "nkey" }}
- --nats-nkey=/etc/mcpgauge/nats/nkey.seed
{{- end }}
{{- $tls := .root.Values.nats.tls -}}
{{- if $tls.existingSecret }}
- --nats-tls-ca=/etc/mcpgauge/nats-tls/ca.crt
{{- if $tls.clientCert }}
- --nats-tls-cert=/etc/mcpgauge/nats-tls/tls.crt
- --nats-tls-key=/etc/mcpgauge/nats-tls/tls.key
{{- end }}
{{- end }}
{{- with $tls.serverName }}
- --nats-tls-server-name={{ . }}
{{- end }}
{{- end -}}

{{/* The volume mounts of a role's NATS Secrets. */}}
{{- define "mcpgauge.natsMounts" -}}
{{- if ne .root.Values.nats.auth.type "none" }}
- {name: nats-auth, mountPath: /etc/mcpgauge/nats, readOnly: true}
{{- end }}
{{- if .root.Values.nats.tls.existingSecret }}
- {name: nats-tls, mountPath: /etc/mcpgauge/nats-tls, readOnly: true}
{{- end }}
{{- end -}}

{{/* The volumes of a role's NATS Secrets: group-readable (fsGroup 10001), nothing else. */}}
{{- define "mcpgauge.natsVolumes" -}}
{{- if ne .root.Values.nats.auth.type "none" }}
- name: nats-auth
  secret:
    secretName: {{ (index .root.Values.nats.auth .role).existingSecret }}
    defaultMode: 0440
{{- end }}
{{- with .root.Values.nats.tls.existingSecret }}
- name: nats-tls
  secret:
    secretName: {{ . }}
    defaultMode: 0440
{{- end }}
{{- end -}}
