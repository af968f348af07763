# A stand-in for nvidia-smi, for tests and the demo only. It answers --query-gpu from a real capture of
# an H200 runner (test/fixtures/nvidia-smi/h200-580.159.04.query-{gpu,clock-events}*.csv), as many GPUs as asked, and
# reports as memory.used what the trtexec stand-in holds (STANDIN_GPU_STATE), so the memory figures
# trt-ci attributes to a build can be checked against what that build allocated.
#
# It is awk, not Node, because a test run calls it about 300 times: Node starts in 75 ms, awk in 2.
# Run by nvidia-smi-standin.sh (which passes `fixtures`, the capture's path prefix) as
#   awk -v fixtures=PREFIX -f nvidia-smi-standin.awk -- ARGS...
#
# Switches (environment):
#   NVIDIA_SMI_STANDIN_GPUS   how many GPUs (default 1); index and bus id follow the capture's pattern
#   NVIDIA_SMI_STANDIN_SET    change recorded values (a leading "N:" changes GPU N only):
#                             "driver_version=470.57.02;1:ecc.errors.uncorrected.volatile.total=3"
#   NVIDIA_SMI_STANDIN_APPS   compute processes: "4242:python3:0:20480;77:/usr/bin/foo:1:512" (pid:name:gpu:MiB)
#   NVIDIA_SMI_STANDIN_EXIT   fail as nvidia-smi does: 6 (no devices), 9 (driver not loaded), 12 (no NVML),
#                             18 (driver/library mismatch), 14 (infoROM warning, data still printed)
#   NVIDIA_SMI_STANDIN_NO_FIELD  a field this (older) driver does not know, e.g. compute_cap before 510
#   NVIDIA_SMI_STANDIN_CALLS  file to append each call's arguments to, one JSON line a call
#   NVIDIA_SMI_STANDIN_WEDGED a -lms stream that ignores SIGTERM, as nvidia-smi does on a wedged driver
#                             (nvidia-smi-standin.sh sets the signal aside before it starts awk)
#   STANDIN_GPU_STATE         folder the trtexec stand-in writes gpu<N>.<pid>.mib files into, and
#                             gpu<N>.<reason>.slowed-us (added to clocks_event_reasons_counters.<reason>)
# The failure messages are nvidia-smi's own, as quoted in public bug reports.

BEGIN {
  readCapture()
  logCall()
  status = ENVIRON["NVIDIA_SMI_STANDIN_EXIT"] + 0
  FATAL[6] = "No devices were found"
  FATAL[9] = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. " \
    "Make sure that the latest NVIDIA driver is installed and running."
  FATAL[12] = "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the " \
    "NVIDIA Display Driver is properly installed and present in your system.\nPlease also try adding " \
    "directory that contains libnvidia-ml.so to your system PATH."
  FATAL[18] = "Failed to initialize NVML: Driver/library version mismatch"
  if (status in FATAL) {
    printf "%s\n\n", FATAL[status]
    exit status
  }
  readOverrides()

  apps = option("--query-compute-apps")
  query = option("--query-gpu")
  if (query == "" && apps == "") {
    print "This stand-in answers --query-gpu and --query-compute-apps only."
    exit 2
  }
  if (status == 14) print "WARNING: infoROM is corrupted at gpu 0000:00:06.0"
  if (apps != "") {
    printApps(apps)
    exit status
  }

  wanted = split(query, want, ",")
  for (i = 1; i <= wanted; i++) {
    if (!(want[i] in recorded) && want[i] != "timestamp") {
      printf "Field \"%s\" is not a valid field to query.\n\n", want[i]
      exit 2
    }
  }
  format = option("--format")
  if (format == "") format = "csv"
  nounits = index(format, "nounits") > 0
  gpuCount = ENVIRON["NVIDIA_SMI_STANDIN_GPUS"] == "" ? 1 : ENVIRON["NVIDIA_SMI_STANDIN_GPUS"] + 0

  if (index(format, "noheader") == 0) {
    line = ""
    for (i = 1; i <= wanted; i++) line = line (i > 1 ? ", " : "") (want[i] in header ? header[want[i]] : want[i])
    print line
  }
  # Only the spaced form loops, as in the capture (`-lms 100`).
  interval = 0
  for (i = 1; i < ARGC; i++) if (ARGV[i] == "-lms") interval = ARGV[i + 1] + 0
  printRows(0)
  # Each sample waits and reads the held memory in one shell: a test run streams for minutes in all.
  while (interval > 0) printRows(interval / 1000)
  exit status
}

function readCapture() {
  readCaptureFile("query-gpu")
  readCaptureFile("query-clock-events")
  delete recorded[ENVIRON["NVIDIA_SMI_STANDIN_NO_FIELD"]]
}

# One capture: its header (names with units) and its noheader,nounits twin (the values).
function readCaptureFile(name,   line, n, i, names, values, unit, field) {
  getline line < (fixtures name ".csv")
  n = split(line, names, ", ")
  getline line < (fixtures name "-noheader-nounits.csv")
  split(line, values, ", ")
  for (i = 1; i <= n; i++) {
    unit = ""
    if (match(names[i], / \[.+\]$/)) {
      unit = substr(names[i], RSTART + 2, RLENGTH - 3)
      field = substr(names[i], 1, RSTART - 1)
    } else {
      field = names[i]
    }
    header[field] = names[i]
    units[field] = unit
    recorded[field] = values[i]
  }
}

function logCall(   file, i, json) {
  file = ENVIRON["NVIDIA_SMI_STANDIN_CALLS"]
  if (file == "") return
  json = "["
  for (i = 1; i < ARGC; i++) {
    json = json (i > 1 ? "," : "") "\"" escaped(ARGV[i]) "\""
  }
  print json "]" >> file
  close(file)
}

# A JSON string's content. Split and joined, not gsub'd: awks disagree on backslashes in replacements.
function escaped(text,   n, i, parts, out) {
  n = split(text, parts, "\\")
  out = parts[1]
  for (i = 2; i <= n; i++) out = out "\\\\" parts[i]
  n = split(out, parts, "\"")
  out = parts[1]
  for (i = 2; i <= n; i++) out = out "\\\"" parts[i]
  return out
}

# --name=value, or "" when absent.
function option(name,   i) {
  for (i = 1; i < ARGC; i++) if (index(ARGV[i], name "=") == 1) return substr(ARGV[i], length(name) + 2)
  return ""
}

function readOverrides(   n, i, entries, entry, gpu, eq) {
  n = split(ENVIRON["NVIDIA_SMI_STANDIN_SET"], entries, ";")
  for (i = 1; i <= n; i++) {
    entry = entries[i]
    if (entry == "") continue
    gpu = "*"
    if (match(entry, /^[0-9]+:/)) {
      gpu = substr(entry, 1, RLENGTH - 1) + 0
      entry = substr(entry, RLENGTH + 1)
    }
    eq = index(entry, "=")
    # A later entry wins, as it does for nvidia-smi's own settings: keep them in order.
    overrides++
    overrideGpu[overrides] = gpu
    overrideField[overrides] = substr(entry, 1, eq - 1)
    overrideValue[overrides] = substr(entry, eq + 1)
  }
}

function uuidOf(gpu,   uuid) {
  uuid = recorded["uuid"]
  sub(/1$/, gpu + 1, uuid)
  return uuid
}

function printApps(fields,   n, want, i, j, count, entries, part, row, line) {
  n = split(fields, want, ",")
  count = split(ENVIRON["NVIDIA_SMI_STANDIN_APPS"], entries, ";")
  for (i = 1; i <= count; i++) {
    if (entries[i] == "") continue
    split(entries[i], part, ":")
    delete row
    row["pid"] = part[1]
    row["process_name"] = part[2]
    row["gpu_uuid"] = uuidOf(part[3])
    row["used_memory"] = part[4]
    row["used_gpu_memory"] = part[4]
    line = ""
    for (j = 1; j <= n; j++) line = line (j > 1 ? ", " : "") (want[j] in row ? row[want[j]] : "[N/A]")
    print line
  }
}

# MiB held per GPU by live trtexec stand-ins: a killed build's memory is freed with it. Waits `delay`
# seconds first (the -lms interval).
function readHeld(delay,   command, line, part, reason) {
  delete held
  if (ENVIRON["STANDIN_GPU_STATE"] == "" && delay == 0) return
  delete slowed
  command = (delay > 0 ? "sleep " delay "; " : "") "cd \"$STANDIN_GPU_STATE\" 2>/dev/null && for f in gpu*.*.mib; do " \
    "[ -f \"$f\" ] || continue; pid=${f#*.}; pid=${pid%.mib}; " \
    "kill -0 \"$pid\" 2>/dev/null || continue; v=; read -r v < \"$f\"; echo \"$f $v\"; done; " \
    "for f in gpu*.*.slowed-us; do [ -f \"$f\" ] || continue; v=; read -r v < \"$f\"; echo \"$f $v\"; done"
  while ((command | getline line) > 0) {
    split(line, part, " ")
    if (part[1] ~ /\.slowed-us$/ && match(part[1], /^gpu[0-9]+\./)) {
      # gpu<N>.<reason>.slowed-us: µs the trtexec stand-in's GPU spent slowed for that reason.
      reason = substr(part[1], RLENGTH + 1, length(part[1]) - RLENGTH - 10)
      slowed[substr(part[1], 4, RLENGTH - 4) + 0, reason] += part[2]
    } else if (match(part[1], /^gpu[0-9]+\./)) held[substr(part[1], 4, RLENGTH - 4) + 0] += part[2]
  }
  close(command)
}

function round(x) {
  return int(x + 0.5)
}

function timestamp(   command, now) {
  command = "date '+%Y/%m/%d %H:%M:%S.%3N'"
  command | getline now
  close(command)
  return now
}

function value(field, gpu,   i, v, heldMiB, unit) {
  for (i = overrides; i >= 1; i--) {
    if (overrideField[i] == field && (overrideGpu[i] == "*" || overrideGpu[i] == gpu)) return overrideValue[i]
  }
  if (field == "timestamp") return timestamp()
  heldMiB = round(held[gpu])
  if (field == "index") v = gpu
  else if (field == "uuid") v = uuidOf(gpu)
  else if (field == "pci.bus_id") {
    v = recorded["pci.bus_id"]
    sub(/06\.0$/, sprintf("%02d.0", 6 + gpu), v)
  } else if (field == "memory.used") v = recorded["memory.used"] + heldMiB
  else if (field == "memory.free") v = recorded["memory.free"] - heldMiB
  else if (field ~ /^clocks_event_reasons_counters\./) v = recorded[field] + slowed[gpu, substr(field, 31)]
  else v = recorded[field]
  unit = units[field]
  return nounits || unit == "" || substr(v, 1, 1) == "[" ? v : v " " unit
}

function printRows(delay,   gpu, i, line) {
  readHeld(delay)
  for (gpu = 0; gpu < gpuCount; gpu++) {
    line = ""
    for (i = 1; i <= wanted; i++) line = line (i > 1 ? ", " : "") value(want[i], gpu)
    print line
  }
  fflush()
}
