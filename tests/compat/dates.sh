### date -d reads calendar dates in all their forms
for d in '2024-03-10' '2024-3-1' '24-03-10' '3/10/2024' '03/10/99' '20240310' '10 Mar 2024' '10-Mar-2024' 'Mar-10-2024' 'March 10, 2024' 'sept 5 2023'; do
  date -d "$d" '+%F %T %z'
done
## stdout:
2024-03-10 00:00:00 +0000
2024-03-01 00:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
1999-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 00:00:00 +0000
2023-09-05 00:00:00 +0000
## status: 0

### date -d reads times of day, am and pm, and fractions of a second
for d in '2024-03-10 12:00:00' '2024-03-10 5pm' '2024-03-10 12am' '2024-03-10 12:30 p.m.' '2024-03-10 1230' '2024-03-10 12:00:00.25' '2024-03-10T12:00:00,5' '02/29/2024 1:45:30 PM'; do
  date -d "$d" '+%F %T.%N'
done
## stdout:
2024-03-10 12:00:00.000000000
2024-03-10 17:00:00.000000000
2024-03-10 00:00:00.000000000
2024-03-10 12:30:00.000000000
2024-03-10 12:30:00.000000000
2024-03-10 12:00:00.250000000
2024-03-10 12:00:00.500000000
2024-02-29 13:45:30.000000000
## status: 0

### date -d reads zones: names, military letters, offsets and UTC+N
for d in '2024-03-10 12:00:00 UTC' '2024-03-10 UTC' '2024-03-10 12:00:00 +0200' '2024-03-10T12:00:00+05:30' '2024-03-10T12:00:00Z' '2024-03-10 12:00 -05' '2024-03-10 12:00 EST' '2024-03-10 12:00 CEST' '2024-03-10 12:00 T' '2024-03-10 12:00 UTC+5' '2024-03-10 12:00 GMT-03:30' '2024-03-10 12:00 EST DST'; do
  date -d "$d" '+%F %T %z'
done
## stdout:
2024-03-10 12:00:00 +0000
2024-03-10 00:00:00 +0000
2024-03-10 10:00:00 +0000
2024-03-10 06:30:00 +0000
2024-03-10 12:00:00 +0000
2024-03-10 17:00:00 +0000
2024-03-10 17:00:00 +0000
2024-03-10 10:00:00 +0000
2024-03-10 19:00:00 +0000
2024-03-10 07:00:00 +0000
2024-03-10 15:30:00 +0000
2024-03-10 16:00:00 +0000
## status: 0

### date -d reads RFC 2822 and date(1)'s own output
for d in 'Sun, 10 Mar 2024 12:00:00 GMT' 'Mon, 11 Mar 2024 08:30:15 -0500' 'Thu Feb 29 13:45:00 UTC 2024' 'Thursday, February 29, 2024 1:45 PM'; do
  date -d "$d" '+%F %T %z'
done
## stdout:
2024-03-10 12:00:00 +0000
2024-03-11 13:30:15 +0000
2024-02-29 13:45:00 +0000
2024-02-29 13:45:00 +0000
## status: 0

### date -d reads relative items after an absolute date
for d in '2024-02-29 13:45:00 +1 year' '2024-01-31 +1 month' '2024-01-31 +1 month -1 day' '2024-02-29 13:45:00 3 fortnights ago' '2024-02-29 13:45:00 10 secs ago' '2024-02-29 13:45:00 -1.5 seconds' '2024-02-29 13:45:00 1 day hence' '2024-02-29 13:45:00 tomorrow' '2024-02-29 13:45:00 fifth minute ago' '2024-02-29 1 year 2 months 3 days 4 hours 5 minutes 6 seconds ago' '2024-02-29T13:45:00Z +1 week' '20240310 +2 days' '2024-03-10 12:00 +1 day'; do
  date -d "$d" '+%F %T.%N'
done
## stdout:
2025-03-01 12:45:00.000000000
2024-03-02 00:00:00.000000000
2024-03-01 00:00:00.000000000
2024-01-18 13:45:00.000000000
2024-02-29 13:44:50.000000000
2024-02-29 13:44:58.500000000
2024-03-01 13:45:00.000000000
2024-03-01 13:45:00.000000000
2024-02-29 13:40:00.000000000
2025-05-02 04:04:54.000000000
2024-03-07 13:45:00.000000000
2024-03-12 00:00:00.000000000
2024-03-11 11:00:00.000000000
## status: 0

### date -d reads weekdays with ordinals (what holds whatever the day today)
for d in 'monday' 'next monday' 'last monday' 'third friday' '2 sunday' 'Tues,' 'wednesday 10:00' 'friday +2 hours'; do
  date -d "$d" '+%A %T'
done
midnight=$(date -d '' +%s)
days() { echo $(( ($(date -d "$1" +%s) - ${2:-$midnight}) / 86400 )); }
n=$(days 'next sunday'); [ "$n" -ge 1 ] && [ "$n" -le 7 ] && echo "next sunday within a week"
n=$(days 'last sunday'); [ "$n" -ge -7 ] && [ "$n" -le -1 ] && echo "last sunday within the week before"
n=$(days 'sunday'); [ "$n" -ge 0 ] && [ "$n" -le 6 ] && echo "sunday today or after"
days monday "$(date -d 'last monday' +%s)"
days '2 sunday' "$(date -d 'next sunday' +%s)"
days 'tomorrow 0:00'; days 'yesterday 00:00'
## stdout:
Monday 00:00:00
Monday 00:00:00
Monday 00:00:00
Friday 00:00:00
Sunday 00:00:00
Tuesday 00:00:00
Wednesday 10:00:00
Friday 02:00:00
next sunday within a week
last sunday within the week before
sunday today or after
7
7
1
-1
## status: 0

### date -d reads @EPOCH, comments and TZ prefixes with POSIX offsets
for d in '@0' '@1709214300.5' '@ 86400' '2024-02-29 (a comment) 12:00' '2024-02-29 12:00 (unfinished' 'TZ="UTC0" 2024-03-10 12:00' 'TZ="EST5" 2024-03-10 12:00' 'TZ="<+0530>-5:30" 2024-03-10 12:00' 'TZ="EST5" 2024-03-10 12:00 UTC' 'TZ="Etc/GMT+5" 2024-03-10'; do
  date -d "$d" '+%F %T.%N %z'
done
## stdout:
1970-01-01 00:00:00.000000000 +0000
2024-02-29 13:45:00.500000000 +0000
1970-01-02 00:00:00.000000000 +0000
2024-02-29 12:00:00.000000000 +0000
2024-02-29 12:00:00.000000000 +0000
2024-03-10 12:00:00.000000000 +0000
2024-03-10 17:00:00.000000000 +0000
2024-03-10 06:30:00.000000000 +0000
2024-03-10 12:00:00.000000000 +0000
2024-03-10 05:00:00.000000000 +0000
## status: 0

### date -d refuses what GNU's grammar refuses +stderr
for d in '2024-02-30' '2024-03-10 24:00' '2024-03-10 13pm' '2024-03-10 12:00 +2401' '2024-02-29 12:00 12:00' '2024-02-29 monday tuesday' '2024-02-29 noon' '2024-02-29 tomorrow ago' '2024-02-29 1.5 hours' '@1709214300 +1 day' '10 Mar 12:00' '2024-03-10T12'; do
  date -d "$d" '+%F'; echo "status $?"
done
## stdout:
status 1
status 1
status 1
status 1
status 1
status 1
status 1
status 1
status 1
status 1
status 1
status 1
## stderr:
date: invalid date '2024-02-30'
date: invalid date '2024-03-10 24:00'
date: invalid date '2024-03-10 13pm'
date: invalid date '2024-03-10 12:00 +2401'
date: invalid date '2024-02-29 12:00 12:00'
date: invalid date '2024-02-29 monday tuesday'
date: invalid date '2024-02-29 noon'
date: invalid date '2024-02-29 tomorrow ago'
date: invalid date '2024-02-29 1.5 hours'
date: invalid date '@1709214300 +1 day'
date: invalid date '10 Mar 12:00'
date: invalid date '2024-03-10T12'
## status: 0

### touch -d and find -newermt read the same dates
mkdir d; touch -d 'Sun, 10 Mar 2024 12:00:00 +0200' d/a; touch -d '10 Mar 2024 9:30am EST' d/b
date -u -r d/a '+%F %T'; date -u -r d/b '+%F %T'
find d -newermt '2024-03-10 11:00 UTC' | sort
find d -newermt 'Mar 10 2024 2pm UTC' | sort
touch -d 'not a date' d/c; echo "status $?"
## stdout:
2024-03-10 10:00:00
2024-03-10 14:30:00
d
d/b
d
d/b
status 1
## status: 0
## files:
d/
d/a: ""
d/b: ""

### TZ names the zone times are shown and read in: database zones, POSIX rules, unknown names
for z in America/New_York :Europe/Paris EST5EDT 'EST5EDT,M3.2.0,M11.1.0' JST-9 UTC0 Foo/Bar ''; do
    TZ=$z date -d @1275250155 '+%F %T %Z %z'
done
TZ=America/New_York date -d '2024-07-01 10:00' +%s; TZ=America/New_York date -d '2024-01-01 10:00' +%s
TZ=America/New_York date -d '2024-03-10 02:30' 2>&1 | sed 's/‘/'"'"'/; s/’/'"'"'/'
TZ=America/New_York date -u -d '2024-07-01 10:00'; TZ=America/New_York date -d '2024-07-01 10:00 UTC'
TZ=Asia/Tokyo date -d 'TZ="Europe/Paris" 2024-07-01 10:00' '+%F %T %Z'
TZ=JST-9; date -d @0; export TZ=EST5EDT; date -d @0; printf '%(%F %T %Z)T\n' 1275250155; unset TZ
touch -d '2024-01-01 10:00' f; TZ=Asia/Tokyo ls -l --time-style=full-iso f | cut -d' ' -f6-
TZ=Asia/Tokyo stat -c %y f; TZ=Asia/Tokyo find f -printf '%t %Tz %TZ\n'; TZ=Asia/Tokyo touch -d '2024-01-01 10:00' f; stat -c %y f
TZ=Asia/Tokyo awk 'BEGIN { print strftime("%F %T %Z", 0); print strftime("%F %T %Z", 0, 1) }'
rm -f f
## stdout:
2010-05-30 16:09:15 EDT -0400
2010-05-30 22:09:15 CEST +0200
2010-05-30 16:09:15 EDT -0400
2010-05-30 16:09:15 EDT -0400
2010-05-31 05:09:15 JST +0900
2010-05-30 20:09:15 UTC +0000
2010-05-30 20:09:15 Foo +0000
2010-05-30 20:09:15 UTC +0000
1719842400
1704121200
date: invalid date '2024-03-10 02:30'
Mon Jul  1 10:00:00 UTC 2024
Mon Jul  1 06:00:00 EDT 2024
2024-07-01 17:00:00 JST
Thu Jan  1 00:00:00 UTC 1970
Wed Dec 31 19:00:00 EST 1969
2010-05-30 16:09:15 EDT
2024-01-01 19:00:00.000000000 +0900 f
2024-01-01 19:00:00.000000000 +0900
Mon Jan  1 19:00:00.0000000000 2024 +0900 JST
2024-01-01 01:00:00.000000000 +0000
1970-01-01 09:00:00 JST
1970-01-01 00:00:00 GMT
## status: 0
