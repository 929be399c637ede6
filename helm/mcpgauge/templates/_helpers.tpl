{{- define "mcpgauge.name" -}}{{ .Release.Name }}-mcpgauge{{- end -}}
{{- define "mcpgauge.image" -}}{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}{{- end -}}
{{- define "mcpgauge.natsURL" -}}{{ .Values.natsURL | default (printf "nats://%s-nats:4222" .Release.Name) }}{{- end -}}
{{- define "mcpgauge.storeURL" -}}{{ .Values.storeURL | default (printf "clickhouse://%s:%s@%s-clickhouse:9000/default" .Values.clickhouse.auth.username .Values.clickhouse.auth.password .Release.Name) }}{{- end -}}
{{- define "mcpgauge.labels" -}}
app.kubernetes.io/name: mcpgauge
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}
