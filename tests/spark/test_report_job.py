"""The Spark recipe (report_job.py) gives exactly the report urlbnf gives on one
machine: 1,000,000 generated URLs in 8 partitions, from a text file and from a
Parquet column under a local[2] master, and from the text file on a standalone
cluster (a master and two workers on loopback, started from the PySpark
distribution) to which spark-submit ships the binary with --files.

    python3 tests/spark/test_report_job.py target/debug/urlbnf

Needs PySpark (pip install pyspark) and Java 17; `.ci/run` installs and runs it.
"""

import contextlib
import glob
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time

LINES = 1_000_000
PARTITIONS = 8
HERE = os.path.dirname(os.path.abspath(__file__))


def urls(n, seed=1994):
    """URLs of every scheme the editions know, and some they do not, with
    characters some editions reject: a corpus with many causes."""
    rng = random.Random(seed)
    word = "abcdefghijklmnopqrstuvwxyz0123456789"
    odd = "~!*'(),$_+-.;:@&=%# "
    def seg():
        s = "".join(rng.choice(word) for _ in range(rng.randint(0, 8)))
        if rng.random() < 0.15:
            s += rng.choice(odd)
        return s
    def host():
        return ".".join(seg() or "h" for _ in range(rng.randint(1, 3)))
    forms = [
        lambda: f"http://{host()}/" + "/".join(seg() for _ in range(rng.randint(0, 4))),
        lambda: f"http://{host()}:{rng.randint(0, 99999)}/{seg()}?{seg()}",
        lambda: f"ftp://{seg()}@{host()}/{seg()}/{seg()};type={rng.choice('aidx')}",
        lambda: f"gopher://{host()}/{rng.randint(0, 9)}{seg()}%09{seg()}",
        lambda: f"mailto:{seg()}@{host()}",
        lambda: f"news:{seg()}.{seg()}",
        lambda: f"telnet://{seg()}:{seg()}@{host()}/",
        lambda: f"wais://{host()}/{seg()}?{seg()}",
        lambda: f"file://{host()}/{seg()}",
        lambda: f"HTTP://{host()}/{seg()}",
        lambda: f"https://{host()}/{seg()}#{seg()}",
        lambda: seg(),
    ]
    for _ in range(n):
        yield rng.choice(forms)()


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr[-4000:]}")
    return r


def spark_env():
    import pyspark
    home = os.path.dirname(pyspark.__file__)
    # The PySpark of this Python, whatever `python3` is on the path; loopback only.
    return home, dict(os.environ, SPARK_HOME=home, PYSPARK_PYTHON=sys.executable,
                      PYSPARK_DRIVER_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")


def spark_submit(*args, master="local[2]", options=()):
    home, env = spark_env()
    spark = os.path.join(home, "bin", "spark-submit")
    return run([spark, "--master", master, *options, os.path.join(HERE, "report_job.py"), *args],
               env=env)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, done, logs, seconds=180):
    deadline = time.time() + seconds
    while not done():
        if time.time() > deadline:
            tails = "\n".join(open(l).read()[-2000:] for l in logs if os.path.exists(l))
            sys.exit(f"standalone cluster: no {what} after {seconds} s\n{tails}")
        time.sleep(1)


@contextlib.contextmanager
def standalone_cluster(tmp, workers=2):
    """A Spark standalone master and `workers` workers of one core each, on
    loopback: the master URL, for as long as the block runs."""
    home, env = spark_env()
    spark_class = os.path.join(home, "bin", "spark-class")
    port = free_port()
    master = f"spark://127.0.0.1:{port}"
    procs, logs = [], []

    def start(name, *args):
        log = os.path.join(tmp, f"{name}.log")
        logs.append(log)
        procs.append(subprocess.Popen([spark_class, *args], env=env, stdout=open(log, "w"),
                                      stderr=subprocess.STDOUT))
        return log

    try:
        master_log = start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                           "--port", str(port), "--webui-port", str(free_port()))
        wait_for("master", lambda: "I have been elected leader" in open(master_log).read(), logs)
        for i in range(workers):
            work = os.path.join(tmp, f"work-{i}")
            start(f"worker-{i}", "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                  "--cores", "1", "--memory", "2g", "--work-dir", work,
                  "--webui-port", str(free_port()), master)
        wait_for(f"{workers} workers",
                 lambda: open(master_log).read().count("Registering worker") >= workers, logs)
        yield master
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def check(name, job, whole):
    # spark-submit may pass the driver's standard error to standard output.
    parts = int(re.search(r"^(\d+) partitions$", job.stderr + job.stdout, re.M).group(1))
    assert parts >= 4, f"{name}: {parts} partitions"
    merged = json.loads(next(l for l in job.stdout.splitlines() if l.startswith("{")))
    # One part per partition, however alike their lines; everything else,
    # digest included, as the single-machine report counts it.
    merged_parts, whole_parts = merged.pop("parts"), dict(whole).pop("parts")
    assert len(whole_parts) == 1 and len(merged_parts) == parts, f"{name}: {len(merged_parts)} parts"
    assert sum(p["inputs"] for p in merged_parts) == whole["inputs"]
    assert merged == {k: v for k, v in whole.items() if k != "parts"}, \
        f"{name}: the merged report differs from the single-machine one"
    print(f"{name}: {parts} partitions, merged report == single-machine report "
          f"({whole['inputs']:,} inputs, {sum(len(e['causes']) for e in whole['editions'])} causes)")


def main():
    urlbnf = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="urlbnf-spark-")
    text = os.path.join(tmp, "urls.txt")
    with open(text, "w") as f:
        for u in urls(LINES):
            f.write(u + "\n")
    whole = json.loads(run([urlbnf, "report", "--json", text]).stdout)
    assert whole["inputs"] == LINES

    job = spark_submit(text, "--urlbnf", urlbnf, "--partitions", str(PARTITIONS))
    check("text file", job, whole)

    # Partitions that hold the same lines are each a part of their own.
    same = os.path.join(tmp, "same.txt")
    with open(same, "w") as f:
        f.write("http://a/\n" * 80000)
    whole_same = json.loads(run([urlbnf, "report", "--json", same]).stdout)
    job = spark_submit(same, "--urlbnf", urlbnf, "--partitions", str(PARTITIONS))
    check("partitions of the same lines", job, whole_same)

    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[2]").getOrCreate()
    table = os.path.join(tmp, "urls.parquet")
    spark.read.text(text).withColumnRenamed("value", "url").write.parquet(table)
    spark.stop()
    job = spark_submit(table, "--parquet", "url", "--urlbnf", urlbnf, "--partitions", str(PARTITIONS))
    check("parquet column", job, whole)

    # A real cluster: executors are separate JVMs in their own work folders,
    # and find the binary only because --files shipped it there (the default
    # --urlbnf ./urlbnf); the driver merges with its own copy.
    with standalone_cluster(tmp) as master:
        job = spark_submit(text, "--merge-with", urlbnf, "--partitions", str(PARTITIONS),
                           master=master, options=["--files", urlbnf])
        check(f"standalone cluster ({master}, 2 workers)", job, whole)
        # Each worker ran executors in its own folder, with the shipped copy.
        for i in range(2):
            shipped = glob.glob(os.path.join(tmp, f"work-{i}", "app-*", "*", "urlbnf"))
            assert shipped and all(os.access(b, os.X_OK) for b in shipped), f"worker {i}: {shipped}"


if __name__ == "__main__":
    main()
