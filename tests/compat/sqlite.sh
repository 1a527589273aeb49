### sqlite3 create insert select in list mode
sqlite3 t.db "create table t(a, b); insert into t values (1, 'x'), (2.0, NULL), (3.5, 'a|b');" && sqlite3 t.db 'select * from t; select count(*), sum(a) from t'; rm -f t.db
## stdout:
1|x
2.0|
3.5|a|b
3|6.5
## status: 0

### sqlite3 header json csv and separator modes
sqlite3 t.db "create table t(a, b); insert into t values (1, 'x'), (2.5, NULL), (3, 'a,b\"c');"
sqlite3 -header t.db 'select a, b as "the b" from t'
sqlite3 -json t.db 'select * from t; select count(*) as n from t'
sqlite3 -csv -header t.db 'select * from t order by a desc'
sqlite3 -separator ' :: ' t.db 'select b, a from t'
rm -f t.db
## stdout:
a|the b
1|x
2.5|
3|a,b"c
[{"a":1,"b":"x"},
{"a":2.5,"b":null},
{"a":3,"b":"a,b\"c"}]
[{"n":3}]
a,b
3,"a,b""c"
2.5,
1,x
x :: 1
 :: 2.5
a,b"c :: 3
## status: 0

### sqlite3 reads SQL from standard input and persists between calls
printf 'create table kv(k text primary key, v integer);\ninsert into kv values ("a", 1);\ninsert into kv values ("b", 2);\n' | sqlite3 kv.db
echo "update kv set v = v * 10 where k = 'b';" | sqlite3 kv.db
sqlite3 kv.db 'select k, v from kv order by k'; rm -f kv.db
## stdout:
a|1
b|20
## status: 0

### sqlite3 memory database and dot commands
sqlite3 :memory: 'select 1 + 1, upper("abc")'
sqlite3 t.db 'create table one(x); create table two(y); create view v as select 1'
sqlite3 t.db .tables
sqlite3 t.db '.schema two'
rm -f t.db
## stdout:
2|ABC
one  two  v  
CREATE TABLE two(y);
## status: 0

### sqlite3 empty results print nothing and errors fail
sqlite3 t.db 'create table t(a)'
sqlite3 -json t.db 'select * from t'; echo "empty $?"
sqlite3 t.db 'select * from missing' 2>/dev/null; echo "missing $?"
sqlite3 t.db 'create table t(a)' 2>/dev/null; echo "again $?"
rm -f t.db
## stdout:
empty 0
missing 1
again 1
## status: 0

### sqlite3 pipeline with jq and grouping
sqlite3 s.db "create table sales(region, amount); insert into sales values ('n', 10), ('s', 5), ('n', 7), ('e', 1);"
sqlite3 -json s.db 'select region, sum(amount) as total from sales group by region order by total desc' | jq -r '.[] | "\(.region)=\(.total)"'
rm -f s.db
## stdout:
n=17
s=5
e=1
## status: 0
