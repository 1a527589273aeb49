### df refuses what it cannot show +stderr
df nope; echo $?; df --output=bogus; echo $?; df -i --output; echo $?; df --output=source,source; echo $?; df -B 0; echo $?; df -B x; echo $?; df -t ext4 -x ext4 .; echo $?
## stdout:
1
1
1
1
1
1
1
## stderr:
df: nope: No such file or directory
df: option --output: field 'bogus' unknown
Try 'df --help' for more information.
df: options -i and --output are mutually exclusive
Try 'df --help' for more information.
df: option --output: field 'source' used more than once
Try 'df --help' for more information.
df: invalid -B argument '0'
df: invalid -B argument 'x'
df: file system type 'ext4' both selected and excluded
## status: 0
